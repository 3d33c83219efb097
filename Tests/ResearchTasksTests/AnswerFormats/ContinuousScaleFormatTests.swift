import Testing

@testable import ResearchTasks

@Suite("Continuous scale format (docs/answer-formats.md, \"Scales\")")
struct ContinuousScaleFormatTests {
    static func continuous(
        _ minimum: Double, _ maximum: Double, digits: Int = 0, defaultValue: Double? = nil,
        style: ContinuousScaleFormat.NumberStyle = .default
    ) -> ContinuousScaleFormat {
        ContinuousScaleFormat(
            minimum: minimum, maximum: maximum, defaultValue: defaultValue, maximumFractionDigits: digits,
            numberStyle: style)
    }

    let unit = AnswerFormat.continuousScale(Self.continuous(0, 1, digits: 1))
    let hundredths = AnswerFormat.continuousScale(Self.continuous(0, 10, digits: 2))

    // MARK: validation

    @Test(
        "testContinuousScaleAnswerFormat (docs/answer-formats.md, \"Ported ResearchKit tests\"): max 10 min 100 fails at maximum; fd 10 clamps to 4 so the bounds are ±10"
    )
    func researchKitRejected() {
        #expect(AnswerFormat.continuousScale(Self.continuous(100, 10)).problemPaths == ["maximum"])
        #expect(
            AnswerFormat.continuousScale(Self.continuous(100, 10001, digits: 10)).validationProblems() == [
                FormatProblem(path: "maximum", reason: "maximum must be at most 10 with 4 fraction digits")
            ])
        #expect(
            AnswerFormat.continuousScale(Self.continuous(-10001, 100, digits: 10)).validationProblems() == [
                FormatProblem(path: "minimum", reason: "minimum must be at least -10 with 4 fraction digits")
            ])
    }

    @Test(
        "testContinuousScaleAnswerFormat (docs/answer-formats.md, \"Ported ResearchKit tests\"): fraction digits clamp silently to 4 and 0, the default value is kept"
    )
    func clamping() {
        let high = Self.continuous(0, 1, digits: 10, defaultValue: 10)
        let low = Self.continuous(0, 1, digits: -1, defaultValue: 10)
        #expect(high.effectiveFractionDigits == 4)
        #expect(low.effectiveFractionDigits == 0)
        #expect(high.defaultValue == 10 && low.defaultValue == 10)
        #expect(AnswerFormat.continuousScale(high).validationProblems().isEmpty)
        #expect(AnswerFormat.continuousScale(low).validationProblems().isEmpty)
        // Default 10 is outside 0…1, so there is no default answer.
        #expect(AnswerFormat.continuousScale(high).defaultAnswer == nil)
    }

    struct Limits: Sendable, CustomTestStringConvertible {
        let maximum: Double
        let digits: Int
        var testDescription: String { "max \(maximum) fd \(digits)" }
    }

    @Test(
        "testMaxFractionDigitsFailures (docs/answer-formats.md, \"Ported ResearchKit tests\"): a maximum just above 100000·10^−d fails for every digit count",
        arguments: [
            Limits(maximum: 100, digits: 4), Limits(maximum: 1000, digits: 3), Limits(maximum: 10000, digits: 2),
            Limits(maximum: 100_000, digits: 1), Limits(maximum: 1_000_000, digits: 0),
        ])
    func fractionDigitLimits(_ limits: Limits) {
        let format = AnswerFormat.continuousScale(Self.continuous(1, limits.maximum, digits: limits.digits))
        #expect(format.problemPaths == ["maximum"])
        // Exactly at the limit is allowed.
        let atLimit = AnswerFormat.continuousScale(Self.continuous(1, limits.maximum / 10, digits: limits.digits))
        #expect(atLimit.validationProblems().isEmpty)
    }

    @Test("rule 3 of docs/answer-formats.md, \"Scales\" is strict: maximum equal to minimum fails")
    func strictMaximum() {
        #expect(AnswerFormat.continuousScale(Self.continuous(5, 5)).problemPaths == ["maximum"])
    }

    @Test("Non-finite bounds are problems (our rule)")
    func nonFinite() {
        #expect(AnswerFormat.continuousScale(Self.continuous(.nan, 1)).problemPaths == ["minimum"])
        #expect(AnswerFormat.continuousScale(Self.continuous(0, .infinity)).problemPaths == ["maximum"])
    }

    // MARK: parsing

    @Test("Decimals within the range are answers, both bounds included")
    func validValues() {
        #expect(unit.answer("0") == .scale(.decimal(0)))
        #expect(unit.answer("1") == .scale(.decimal(1)))
        #expect(unit.answer("0.5") == .scale(.decimal(0.5)))
        #expect(unit.answer(".5") == .scale(.decimal(0.5)))
        #expect(hundredths.answer("4.25") == .scale(.decimal(4.25)))
    }

    @Test(
        "the value is rounded half-even to the fraction digits, like the formatter round-trip (docs/answer-formats.md, \"Common rules\")"
    )
    func rounding() {
        #expect(hundredths.answer("0.125") == .scale(.decimal(0.12)))
        #expect(hundredths.answer("0.135") == .scale(.decimal(0.14)))
        #expect(hundredths.answer("0.1251") == .scale(.decimal(0.13)))
        #expect(hundredths.answer("2.675") == .scale(.decimal(2.68)))
        // testMaxFractionDigits* (docs/answer-formats.md, "Ported ResearchKit tests"): fd 0, 99.99 → 100; 1.1234 → 1;
        // fd 3, 1.1234 → 1.123.
        let whole = AnswerFormat.continuousScale(Self.continuous(0, 100))
        #expect(whole.answer("99.99") == .scale(.decimal(100)))
        #expect(whole.answer("1.1234") == .scale(.decimal(1)))
        let thousandths = AnswerFormat.continuousScale(Self.continuous(0, 10, digits: 3))
        #expect(thousandths.answer("1.1234") == .scale(.decimal(1.123)))
    }

    @Test("The rounded value is what is range-checked")
    func roundedRangeCheck() {
        #expect(unit.answer("1.04") == .scale(.decimal(1)))
        #expect(unit.answer("1.05") == .scale(.decimal(1)))
        #expect(unit.message("1.06") == "1.06 is above the maximum 1.0: enter a number from 0.0 to 1.0")
        #expect(unit.message("-0.1") == "-0.1 is below the minimum 0.0: enter a number from 0.0 to 1.0")
    }

    @Test("Words and empty text are refused with the accepted range")
    func refusals() {
        #expect(unit.message("half") == "half is not a number: enter a number from 0.0 to 1.0")
        #expect(unit.message("") == "an answer is needed: enter a number from 0.0 to 1.0")
        #expect(unit.message("0,5") == "0,5 is not a number: enter a number from 0.0 to 1.0")
    }

    @Test("Percent style: \"12%\" and \"12\" both mean 0.12; digits apply to the percentage")
    func percent() {
        let percent = AnswerFormat.continuousScale(Self.continuous(0, 1, style: .percent))
        #expect(percent.answer("12%") == .scale(.decimal(0.12)))
        #expect(percent.answer("12") == .scale(.decimal(0.12)))
        #expect(percent.answer("12 %") == .scale(.decimal(0.12)))
        #expect(percent.answer("12.3%") == .scale(.decimal(0.12)))
        #expect(percent.answer("100%") == .scale(.decimal(1)))
        #expect(percent.message("101%") == "101% is above the maximum 100%: enter a percentage from 0% to 100%")
        let precise = AnswerFormat.continuousScale(Self.continuous(0, 1, digits: 1, style: .percent))
        #expect(precise.answer("12.34") == .scale(.decimal(0.123)))
        #expect(precise.shown(.scale(.decimal(0.123))) == "12.3%")
        #expect(AnswerFormat.continuousScale(Self.continuous(0, 1)).message("12%") != nil)
    }

    // MARK: defaults, description, display

    @Test("docs/answer-formats.md, \"Scales\" default: the raw value when within range (no snapping), else nil")
    func defaults() {
        #expect(
            AnswerFormat.continuousScale(Self.continuous(0, 10, defaultValue: 3.14159)).defaultAnswer
                == .scale(.decimal(3.14159)))
        #expect(
            AnswerFormat.continuousScale(Self.continuous(0, 10, defaultValue: 10)).defaultAnswer == .scale(.decimal(10))
        )
        #expect(AnswerFormat.continuousScale(Self.continuous(0, 10, defaultValue: 10.01)).defaultAnswer == nil)
        // ORKESerializer's DBL_MAX "no default".
        #expect(
            AnswerFormat.continuousScale(Self.continuous(0, 10, defaultValue: .greatestFiniteMagnitude)).defaultAnswer
                == nil)
        #expect(AnswerFormat.continuousScale(Self.continuous(0, 10)).defaultAnswer == nil)
    }

    @Test("Description shows the bounds with the kept digits")
    func description() {
        #expect(unit.accepted == "a number from 0.0 to 1.0")
        #expect(AnswerFormat.continuousScale(Self.continuous(0, 100)).accepted == "a number from 0 to 100")
        #expect(
            AnswerFormat.continuousScale(Self.continuous(-1.5, 2.25, digits: 2)).accepted
                == "a number from -1.50 to 2.25")
    }

    @Test(
        "testMaxFractionDigits* (docs/answer-formats.md, \"Ported ResearchKit tests\") display strings (without grouping separators, so they can be typed back)"
    )
    func display() {
        func shown(_ value: Double, digits: Int) -> String {
            AnswerFormat.continuousScale(Self.continuous(-100_000, 100_000, digits: digits)).shown(
                .scale(.decimal(value)))
        }
        #expect(shown(99.99, digits: 0) == "100")
        #expect(shown(1.1234, digits: 0) == "1")
        #expect(shown(1.1234, digits: 3) == "1.123")
        #expect(shown(0.12345678, digits: 8) == "0.1235")
        #expect(shown(-9999.1, digits: 1) == "-9999.1")
        #expect(shown(999_999, digits: 0) == "999999")
        #expect(shown(4.5, digits: 1) == "4.5")
        #expect(shown(4.5, digits: 2) == "4.50")
    }
}
