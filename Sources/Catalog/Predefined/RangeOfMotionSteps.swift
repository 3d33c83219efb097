import ResearchTasks

/// ResearchKit's knee and shoulder range-of-motion step sequences (docs/range-of-motion.md, "The tasks").
/// Identifiers and the touch/measure/conclusion texts follow the reference literally; the
/// instruction bullet texts paraphrase ResearchKit's (the reference gives them in summary).
enum RangeOfMotionSteps {
    static let title = "Range of Motion"
    static let touchAnywhere = "Touch anywhere to continue"
    static let conclusionTitle = "Activity Complete"
    static let conclusionText = "Your data will be analyzed and you will be notified when your results are ready."

    /// Knee: instruction, touch.anywhere, knee.range.of.motion, conclusion.
    static func knee(_ task: PredefinedTask) -> [Step] {
        let side = task.limb.rawValue
        var steps: [Step] = []
        if !task.excludeInstructions {
            steps.append(
                Step(
                    identifier: "instruction", title: title, text: task.intendedUse,
                    content: .instruction(
                        InstructionContent(bulletPoints: [
                            "This activity measures how far you can extend your \(side) knee.",
                            "Sit on the edge of a chair. You will put your device on your \(side) knee. Make sure the sound is turned on.",
                            "Place your device on your \(side) knee with the screen facing out, as pictured.",
                            "When you are ready, tap the screen to begin and extend your \(side) knee as far as you can. "
                                + "Then return your knee to the start position and tap the screen again.",
                        ]))
                ))
        }
        // ResearchKit's right-side string carries an extra trailing newline (docs/range-of-motion.md, "The tasks").
        let lineEnd = task.limb == .right ? "\n" : ""
        steps.append(
            Step(
                identifier: "touch.anywhere", title: title,
                text:
                    "Place your device on your \(side) knee.\n\nTap the screen and extend your \(side) knee as far as you can."
                    + lineEnd + "\n" + touchAnywhere,
                content: .instruction(InstructionContent())
            ))
        steps.append(
            Step(
                identifier: "knee.range.of.motion", title: title,
                text: "When you are done, return your \(side) knee to the start position.\n\nThen tap anywhere.",
                content: .rangeOfMotion(RangeOfMotionContent(joint: .knee, limb: task.limb))
            ))
        if !task.excludeConclusion {
            steps.append(conclusion(title: conclusionTitle))
        }
        return steps
    }

    /// Shoulder: instruction, instruction1…3, touch.anywhere, shoulder.range.of.motion, conclusion.
    static func shoulder(_ task: PredefinedTask) -> [Step] {
        let side = task.limb.rawValue
        var steps: [Step] = []
        if !task.excludeInstructions {
            steps.append(
                Step(
                    identifier: "instruction", title: title, text: task.intendedUse,
                    detailText: "This activity measures how far you can extend your \(side) shoulder.",
                    content: .instruction(InstructionContent())
                ))
            steps.append(
                Step(
                    identifier: "instruction1", title: title,
                    text: "You will put your device on your \(side) shoulder. Make sure the sound is turned on.",
                    content: .instruction(InstructionContent())
                ))
            steps.append(
                Step(
                    identifier: "instruction2", title: title,
                    text: "Place your device on your \(side) shoulder with the screen facing out, as pictured.",
                    content: .instruction(InstructionContent())
                ))
            steps.append(
                Step(
                    identifier: "instruction3", title: title,
                    text: "When you are ready, tap the screen to begin and raise your \(side) arm as far as you can. "
                        + "Then return your arm to the start position and tap the screen again.",
                    content: .instruction(InstructionContent())
                ))
        }
        steps.append(
            Step(
                identifier: "touch.anywhere", title: title,
                text:
                    "Place your device on your \(side) shoulder. Tap the screen and raise your \(side) arm to the front "
                    + "as far as you can.\n" + touchAnywhere,
                content: .instruction(InstructionContent())
            ))
        steps.append(
            Step(
                identifier: "shoulder.range.of.motion", title: title,
                text: "When you are done, return your \(side) arm to the start position. Then tap anywhere.",
                content: .rangeOfMotion(RangeOfMotionContent(joint: .shoulder, limb: task.limb))
            ))
        if !task.excludeConclusion {
            // The shoulder factory overrides the conclusion's title (docs/range-of-motion.md, "The tasks").
            steps.append(conclusion(title: title))
        }
        return steps
    }

    private static func conclusion(title: String) -> Step {
        Step(identifier: "conclusion", title: title, text: conclusionText, content: .completion(InstructionContent()))
    }
}
