import ResearchTasks

/// ResearchKit's knee and shoulder range-of-motion step sequences (docs/range-of-motion.md, "The tasks").
/// Identifiers and the touch/measure/conclusion texts follow the reference literally; the
/// instruction bullet texts paraphrase ResearchKit's (the reference gives them in summary). The texts are in the
/// task's language (`RangeOfMotionTexts`).
enum RangeOfMotionSteps {
    /// Knee: instruction, touch.anywhere, knee.range.of.motion, conclusion.
    static func knee(_ task: PredefinedTask) -> [Step] {
        let texts = RangeOfMotionTexts.shown(in: task.language)
        let side = texts.side(task.limb)
        var steps: [Step] = []
        if !task.excludeInstructions {
            steps.append(
                Step(
                    identifier: "instruction", title: texts.title, text: task.intendedUse,
                    content: .instruction(InstructionContent(bulletPoints: texts.kneeBullets(side)))
                ))
        }
        // ResearchKit's right-side string carries an extra trailing newline (docs/range-of-motion.md, "The tasks").
        steps.append(
            Step(
                identifier: "touch.anywhere", title: texts.title,
                text: texts.kneeTouch(task.limb, side) + texts.touchAnywhere,
                content: .instruction(InstructionContent())
            ))
        steps.append(
            Step(
                identifier: "knee.range.of.motion", title: texts.title, text: texts.kneeMeasure(side),
                content: .rangeOfMotion(RangeOfMotionContent(joint: .knee, limb: task.limb))
            ))
        if !task.excludeConclusion {
            steps.append(conclusion(title: texts.conclusionTitle, texts: texts))
        }
        return steps
    }

    /// Shoulder: instruction, instruction1…3, touch.anywhere, shoulder.range.of.motion, conclusion.
    static func shoulder(_ task: PredefinedTask) -> [Step] {
        let texts = RangeOfMotionTexts.shown(in: task.language)
        let side = texts.side(task.limb)
        let instructions = texts.shoulderInstructions(side)
        var steps: [Step] = []
        if !task.excludeInstructions {
            steps.append(
                Step(
                    identifier: "instruction", title: texts.title, text: task.intendedUse,
                    detailText: instructions[0], content: .instruction(InstructionContent())
                ))
            for number in 1...3 {
                steps.append(
                    Step(
                        identifier: "instruction\(number)", title: texts.title, text: instructions[number],
                        content: .instruction(InstructionContent())
                    ))
            }
        }
        steps.append(
            Step(
                identifier: "touch.anywhere", title: texts.title, text: texts.shoulderTouch(side) + texts.touchAnywhere,
                content: .instruction(InstructionContent())
            ))
        steps.append(
            Step(
                identifier: "shoulder.range.of.motion", title: texts.title, text: texts.shoulderMeasure(side),
                content: .rangeOfMotion(RangeOfMotionContent(joint: .shoulder, limb: task.limb))
            ))
        if !task.excludeConclusion {
            // The shoulder factory overrides the conclusion's title (docs/range-of-motion.md, "The tasks").
            steps.append(conclusion(title: texts.title, texts: texts))
        }
        return steps
    }

    private static func conclusion(title: String, texts: RangeOfMotionTexts) -> Step {
        Step(
            identifier: "conclusion", title: title, text: texts.conclusionText,
            content: .completion(InstructionContent()))
    }
}
