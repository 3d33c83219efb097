import Foundation
import ResearchTasks
import Testing

@testable import Catalog

/// `predefined:` expands to ResearchKit's knee and shoulder step sequences (docs/range-of-motion.md, "The tasks").
@Suite("Predefined range-of-motion tasks")
struct RangeOfMotionExpansionTests {
    static let options: [(excludeInstructions: Bool, excludeConclusion: Bool)] = [
        (false, false), (true, false), (false, true), (true, true),
    ]

    @Test(
        "knee identifiers for every exclude option and limb (docs/range-of-motion.md, \"The tasks\": default 4 steps, both options 2)",
        arguments: RangeOfMotionContent.Limb.allCases)
    func kneeIdentifiers(limb: RangeOfMotionContent.Limb) {
        let expected = [
            ["instruction", "touch.anywhere", "knee.range.of.motion", "conclusion"],
            ["touch.anywhere", "knee.range.of.motion", "conclusion"],
            ["instruction", "touch.anywhere", "knee.range.of.motion"],
            ["touch.anywhere", "knee.range.of.motion"],
        ]
        for (option, ids) in zip(Self.options, expected) {
            let task = PredefinedTask(
                kind: .kneeRangeOfMotion, limb: limb, excludeInstructions: option.0, excludeConclusion: option.1)
            #expect(task.steps.map(\.identifier) == ids)
        }
    }

    @Test(
        "shoulder identifiers for every exclude option and limb (docs/range-of-motion.md, \"The tasks\": steps 1–4 and 7 optional)",
        arguments: RangeOfMotionContent.Limb.allCases)
    func shoulderIdentifiers(limb: RangeOfMotionContent.Limb) {
        let instructions = ["instruction", "instruction1", "instruction2", "instruction3"]
        let core = ["touch.anywhere", "shoulder.range.of.motion"]
        let expected = [instructions + core + ["conclusion"], core + ["conclusion"], instructions + core, core]
        for (option, ids) in zip(Self.options, expected) {
            let task = PredefinedTask(
                kind: .shoulderRangeOfMotion, limb: limb, excludeInstructions: option.0, excludeConclusion: option.1)
            #expect(task.steps.map(\.identifier) == ids)
        }
    }

    @Test("knee steps: touch.anywhere is an instruction, the measuring step a .rangeOfMotion step; {side} text")
    func kneeContent() throws {
        let left = PredefinedTask(kind: .kneeRangeOfMotion, limb: .left, intendedUse: "Why we ask.").steps
        #expect(left[0].title == "Range of Motion")
        #expect(left[0].text == "Why we ask.")
        guard case .instruction(let intro) = left[0].content else { throw CocoaError(.coderInvalidValue) }
        #expect(intro.bulletPoints.count == 4)
        #expect(intro.bulletPoints[0] == "This activity measures how far you can extend your left knee.")
        #expect(left[1].content == .instruction(InstructionContent()))
        #expect(
            left[1].text
                == "Place your device on your left knee.\n\nTap the screen and extend your left knee as far as you can.\nTouch anywhere to continue"
        )
        #expect(
            left[2]
                == Step(
                    identifier: "knee.range.of.motion", title: "Range of Motion",
                    text: "When you are done, return your left knee to the start position.\n\nThen tap anywhere.",
                    content: .rangeOfMotion(RangeOfMotionContent(joint: .knee, limb: .left))
                ))
        #expect(
            left[3]
                == Step(
                    identifier: "conclusion", title: "Activity Complete",
                    text: "Your data will be analyzed and you will be notified when your results are ready.",
                    content: .completion(InstructionContent())
                ))
        let right = PredefinedTask(kind: .kneeRangeOfMotion, limb: .right).steps
        // ResearchKit's right-side touch string carries an extra trailing newline (docs/range-of-motion.md, "The
        // tasks").
        #expect(
            right[1].text
                == "Place your device on your right knee.\n\nTap the screen and extend your right knee as far as you can.\n\nTouch anywhere to continue"
        )
        #expect(right[2].content == .rangeOfMotion(RangeOfMotionContent(joint: .knee, limb: .right)))
        #expect(
            right.allSatisfy { !($0.text ?? "").contains("left") && !$0.allBullets.contains { $0.contains("left") } })
    }

    @Test(
        "shoulder steps: {side} text, measuring step, conclusion titled Range of Motion (docs/range-of-motion.md, \"The tasks\")"
    )
    func shoulderContent() {
        let right = PredefinedTask(kind: .shoulderRangeOfMotion, limb: .right).steps
        #expect(right[0].detailText == "This activity measures how far you can extend your right shoulder.")
        #expect(
            right[4].text
                == "Place your device on your right shoulder. Tap the screen and raise your right arm to the front as far as you can.\nTouch anywhere to continue"
        )
        #expect(right[5].text == "When you are done, return your right arm to the start position. Then tap anywhere.")
        #expect(right[5].content == .rangeOfMotion(RangeOfMotionContent(joint: .shoulder, limb: .right)))
        #expect(right[6].title == "Range of Motion")
        #expect(right[6].content == .completion(InstructionContent()))
        let left = PredefinedTask(kind: .shoulderRangeOfMotion, limb: .left).steps
        #expect(left.allSatisfy { !($0.text ?? "").contains("right") && !($0.detailText ?? "").contains("right") })
        #expect(left[5].content == .rangeOfMotion(RangeOfMotionContent(joint: .shoulder, limb: .left)))
    }

    @Test("predefined in a survey: steps follow the expansion; colliding ids and bad options are reported")
    func inSurvey() throws {
        let entry = try CatalogFixture.entry(
            """
            id: t
            title: T
            predefined: { task: shoulderRangeOfMotion, limb: left, excludeInstructions: true }
            steps:
              - completion: thanks
            """)
        #expect(
            entry.task.steps.map(\.identifier) == [
                "touch.anywhere", "shoulder.range.of.motion", "conclusion", "thanks",
            ])
        let lines = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            predefined: { task: kneeRangeOfMotion, limb: left }
            steps:
              - completion: conclusion
            outcomes:
              - { kind: a, path: knee.range.of.motion }
              - { kind: b, path: knee.range.of.motion/knee.range.of.motion/angle }
              - { kind: c, path: knee.range.of.motion/knee.range.of.motion/range, type: boolean }
            """)
        #expect(
            lines == [
                #"steps[0]: duplicate step id "conclusion" (already used at predefined)"#,
                "outcomes[0].path: a range-of-motion result needs a field: start, finish, minimum, maximum, range",
                #"outcomes[1].path: unknown range-of-motion field "angle" (one of start, finish, minimum, maximum, range)"#,
                "outcomes[2].type: a range-of-motion result cannot be stored as boolean; use double or integer",
            ])
        #expect(
            try CatalogFixture.problemLines("id: t\ntitle: T\npredefined: { task: elbowRangeOfMotion, limb: both }\n")
                == [
                    #"predefined.task: must be one of "kneeRangeOfMotion", "shoulderRangeOfMotion""#,
                    #"predefined.limb: must be one of "left", "right""#,
                ])
    }
}

extension Step {
    /// Bullet points of instruction or completion content.
    fileprivate var allBullets: [String] {
        switch content {
        case .instruction(let body), .completion(let body): body.bulletPoints
        default: []
        }
    }
}
