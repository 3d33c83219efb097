import Testing

@testable import ResearchTasks

@Suite("Scale format (docs/answer-formats.md, \"Scales\")")
struct ScaleFormatTests {
    static func scale(_ minimum: Int, _ maximum: Int, step: Int = 1, defaultValue: Int? = nil) -> AnswerFormat {
        .scale(ScaleFormat(minimum: minimum, maximum: maximum, step: step, defaultValue: defaultValue))
    }

    let oneToTen = Self.scale(1, 10)
    let evenToTen = Self.scale(0, 10, step: 2)

    // MARK: validation

    @Test(
        "testScaleAnswerFormat (docs/answer-formats.md, \"Ported ResearchKit tests\"): max 100, min 0, default 10, step 10 is accepted and echoes its properties"
    )
    func researchKitAcceptedScale() {
        let format = ScaleFormat(
            minimum: 0, maximum: 100, step: 10, defaultValue: 10, minimumDescription: "MIN",
            maximumDescription: "MAX", vertical: true)
        #expect(AnswerFormat.scale(format).validationProblems().isEmpty)
        #expect(format.maximum == 100 && format.minimum == 0 && format.step == 10 && format.vertical)
        #expect(AnswerFormat.scale(format).defaultAnswer == .scale(.integer(10)))
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let maximum, minimum, step: Int
        let path: String
        let reasonStart: String
        var testDescription: String { "max \(maximum) min \(minimum) step \(step)" }
    }

    @Test(
        "testScaleAnswerFormat (docs/answer-formats.md, \"Ported ResearchKit tests\"): each rejected scale reports exactly ResearchKit's first failing rule",
        arguments: [
            Broken(maximum: 25, minimum: 50, step: 10, path: "maximum", reasonStart: "maximum (25) must not be below"),
            Broken(maximum: 100, minimum: 10, step: 0, path: "step", reasonStart: "step must be at least 1"),
            Broken(
                maximum: 100, minimum: 0, step: 3, path: "step", reasonStart: "(max − min) must be divisible by step"),
            // Rule 3 fires before the minimum rule 5 (docs/answer-formats.md, "Scales").
            Broken(maximum: 25, minimum: -20000, step: 10, path: "step", reasonStart: "(max − min) must be divisible"),
            // Rule 4 fires before the maximum rule 6.
            Broken(
                maximum: 20000, minimum: 0, step: 10, path: "step",
                reasonStart: "(max − min) / step must be from 1 to 13, but it is 2000"),
            Broken(
                maximum: 100, minimum: 0, step: 1, path: "step",
                reasonStart: "(max − min) / step must be from 1 to 13, but it is 100"),
            Broken(
                maximum: 100, minimum: 100, step: 1, path: "step",
                reasonStart: "(max − min) / step must be from 1 to 13, but it is 0"),
        ])
    func researchKitRejectedScales(_ broken: Broken) {
        let problems = Self.scale(broken.minimum, broken.maximum, step: broken.step).validationProblems()
        #expect(problems.count == 1)
        #expect(problems.first?.path == broken.path)
        #expect(problems.first?.reason.hasPrefix(broken.reasonStart) == true, "\(problems)")
    }

    @Test(
        "rule 3 of docs/answer-formats.md, \"Scales\" reads exactly \"(max − min) must be divisible by step\" at path step"
    )
    func divisibilityReason() {
        #expect(
            Self.scale(0, 10, step: 3).validationProblems() == [
                FormatProblem(path: "step", reason: "(max − min) must be divisible by step")
            ])
    }

    @Test("rule 4 of docs/answer-formats.md, \"Scales\" bounds: 1 and 13 steps are accepted, 14 are not")
    func stepCountBoundaries() {
        #expect(Self.scale(0, 1).validationProblems().isEmpty)
        #expect(Self.scale(0, 13).validationProblems().isEmpty)
        #expect(Self.scale(0, 130, step: 10).validationProblems().isEmpty)
        #expect(Self.scale(0, 14).problemPaths == ["step"])
    }

    @Test("rules 5 and 6 of docs/answer-formats.md, \"Scales\": bounds beyond ±10000 fail once the earlier rules pass")
    func boundLimits() {
        #expect(Self.scale(-10000, -9990).validationProblems().isEmpty)
        #expect(
            Self.scale(-10010, -10000).validationProblems() == [
                FormatProblem(path: "minimum", reason: "minimum must be at least -10000")
            ])
        #expect(Self.scale(9990, 10000).validationProblems().isEmpty)
        #expect(
            Self.scale(10000, 10010).validationProblems() == [
                FormatProblem(path: "maximum", reason: "maximum must be at most 10000")
            ])
    }

    @Test("Extreme Int bounds do not overflow the rule arithmetic")
    func extremeBounds() {
        #expect(Self.scale(Int.min, Int.max).problemPaths == ["step"])
        #expect(Self.scale(Int.min, Int.max, step: Int.max).problemPaths == ["step"])
    }

    // MARK: parsing

    @Test("Whole numbers from min to max are answers, including both bounds")
    func validNumbers() {
        #expect(oneToTen.answer("1") == .scale(.integer(1)))
        #expect(oneToTen.answer("10") == .scale(.integer(10)))
        #expect(oneToTen.answer("  7\n") == .scale(.integer(7)))
        #expect(oneToTen.answer("+4") == .scale(.integer(4)))
        #expect(oneToTen.answer("4.0") == .scale(.integer(4)))
        #expect(Self.scale(-5, 5).answer("-5") == .scale(.integer(-5)))
    }

    @Test("The issue's messages, exactly")
    func issueMessages() {
        #expect(oneToTen.message("11") == "11 is above the maximum 10: enter a whole number from 1 to 10")
        #expect(oneToTen.message("abc") == "abc is not a whole number: enter a whole number from 1 to 10")
        #expect(
            evenToTen.message("7")
                == "7 is not on the scale (steps of 2 from 0): enter a whole number from 0 to 10 in steps of 2")
    }

    @Test("Just outside the bounds, fractions, huge numbers and empty text are refused with their reason")
    func refusals() {
        #expect(oneToTen.message("0") == "0 is below the minimum 1: enter a whole number from 1 to 10")
        #expect(oneToTen.message("4.5") == "4.5 is not a whole number: enter a whole number from 1 to 10")
        #expect(
            oneToTen.message("99999999999999999999999")
                == "99999999999999999999999 is above the maximum 10: enter a whole number from 1 to 10")
        #expect(
            oneToTen.message("-99999999999999999999999")
                == "-99999999999999999999999 is below the minimum 1: enter a whole number from 1 to 10")
        #expect(oneToTen.message("") == "an answer is needed: enter a whole number from 1 to 10")
        #expect(oneToTen.message("   ") == "an answer is needed: enter a whole number from 1 to 10")
        #expect(oneToTen.message("1e1") != nil)
        #expect(oneToTen.message("5 5") != nil)
    }

    @Test("Steps count from the minimum, not from zero")
    func stepsFromMinimum() {
        let odd = Self.scale(1, 9, step: 2)
        #expect(odd.answer("3") == .scale(.integer(3)))
        #expect(
            odd.message("4")
                == "4 is not on the scale (steps of 2 from 1): enter a whole number from 1 to 9 in steps of 2")
    }

    @Test("A broken format (step 0) does not crash parsing")
    func brokenFormatParses() {
        #expect(Self.scale(0, 10, step: 0).answer("5") == .scale(.integer(5)))
    }

    @Test("A very long typed text is cut in the message")
    func longEcho() {
        let typed = String(repeating: "x", count: 100)
        let message = oneToTen.message(typed) ?? ""
        #expect(message.hasPrefix(String(repeating: "x", count: 32) + "… is not a whole number"))
    }

    // MARK: defaults, description, display

    @Test(
        "docs/answer-formats.md, \"Scales\" default: snapped to the nearest step with halves away from zero, nil outside the range"
    )
    func defaults() {
        #expect(Self.scale(0, 10, step: 2, defaultValue: 3).defaultAnswer == .scale(.integer(4)))
        #expect(Self.scale(0, 10, step: 2, defaultValue: 5).defaultAnswer == .scale(.integer(6)))
        #expect(Self.scale(0, 10, step: 2, defaultValue: 4).defaultAnswer == .scale(.integer(4)))
        #expect(Self.scale(0, 12, step: 4, defaultValue: 5).defaultAnswer == .scale(.integer(4)))
        #expect(Self.scale(-8, 0, step: 4, defaultValue: -6).defaultAnswer == .scale(.integer(-4)))
        #expect(Self.scale(1, 10, defaultValue: 10).defaultAnswer == .scale(.integer(10)))
        #expect(Self.scale(1, 10, defaultValue: 11).defaultAnswer == nil)
        #expect(Self.scale(1, 10, defaultValue: 0).defaultAnswer == nil)
        #expect(Self.scale(1, 10).defaultAnswer == nil)
        // ORKESerializer's INT_MAX "no default".
        #expect(Self.scale(1, 10, defaultValue: Int(Int32.max)).defaultAnswer == nil)
    }

    @Test("Description names the range and the step above 1; display is the number")
    func descriptionAndDisplay() {
        #expect(oneToTen.accepted == "a whole number from 1 to 10")
        #expect(Self.scale(0, 100, step: 10).accepted == "a whole number from 0 to 100 in steps of 10")
        #expect(oneToTen.shown(.scale(.integer(4))) == "4")
        #expect(oneToTen.completions(context: FormatFixture.context).isEmpty)
    }
}
