import Testing

@testable import ResearchTasks

@Suite("Numeric format (docs/answer-formats.md, \"Formats and their checks\" and \"Text and numbers typed\")")
struct NumericFormatTests {
    let weight = AnswerFormat.numeric(
        NumericFormat(
            style: .decimal, unit: "kg", minimum: 30, maximum: 200, maximumFractionDigits: 1))
    let steps = AnswerFormat.numeric(NumericFormat(style: .integer, minimum: 0))

    @Test(
        "testNumericAnswerFormat (docs/answer-formats.md, \"Ported ResearchKit tests\"): max < min is a problem for both styles; equal bounds and nil bounds are fine"
    )
    func validation() {
        #expect(
            AnswerFormat.numeric(NumericFormat(style: .integer, minimum: 100, maximum: 0)).problemPaths == ["maximum"])
        #expect(
            AnswerFormat.numeric(NumericFormat(style: .decimal, minimum: 10.2, maximum: 10)).validationProblems()
                == [FormatProblem(path: "maximum", reason: "maximum (10) must not be below minimum (10.2)")])
        #expect(AnswerFormat.numeric(NumericFormat(style: .decimal)).validationProblems().isEmpty)
        #expect(
            AnswerFormat.numeric(NumericFormat(style: .decimal, minimum: 5, maximum: 5)).validationProblems().isEmpty)
        #expect(
            AnswerFormat.numeric(NumericFormat(style: .decimal, maximumFractionDigits: -1)).problemPaths
                == ["maximumFractionDigits"])
    }

    @Test("Decimal style: numbers with an optional unit, bounds inclusive")
    func decimalValues() {
        #expect(weight.answer("72") == .numeric(.decimal(72)))
        #expect(weight.answer("72.5 kg") == .numeric(.decimal(72.5)))
        #expect(weight.answer("72.5kg") == .numeric(.decimal(72.5)))
        #expect(weight.answer("72.5 KG") == .numeric(.decimal(72.5)))
        #expect(weight.answer("30") == .numeric(.decimal(30)))
        #expect(weight.answer("200") == .numeric(.decimal(200)))
        #expect(weight.answer("72.50") == .numeric(.decimal(72.5)))
    }

    @Test("Decimal style: bounds, too many digits, wrong unit and words are refused with messages")
    func decimalRefusals() {
        let accepted = "a number of kg from 30 to 200 with at most 1 decimal place"
        #expect(weight.accepted == accepted)
        #expect(weight.message("29.9") == "29.9 is below the minimum 30 kg: enter \(accepted)")
        #expect(weight.message("200.1 kg") == "200.1 kg is above the maximum 200 kg: enter \(accepted)")
        #expect(weight.message("72.55") == "72.55 has more than 1 decimal place: enter \(accepted)")
        #expect(weight.message("72 lb") == "72 lb is not a number of kg: enter \(accepted)")
        #expect(weight.message("heavy") == "heavy is not a number: enter \(accepted)")
        #expect(weight.message("") == "an answer is needed: enter \(accepted)")
        let noDecimals = AnswerFormat.numeric(NumericFormat(style: .decimal, maximumFractionDigits: 0))
        #expect(noDecimals.message("1.5") == "1.5 is not a whole number: enter a number without decimals")
    }

    @Test("Display unit is shown and accepted beside the stored unit")
    func displayUnit() {
        let format = AnswerFormat.numeric(NumericFormat(style: .integer, unit: "count/min", displayUnit: "bpm"))
        #expect(format.answer("72 bpm") == .numeric(.integer(72)))
        #expect(format.answer("72 count/min") == .numeric(.integer(72)))
        #expect(format.accepted == "a whole number of bpm")
        #expect(format.shown(.numeric(.integer(72))) == "72 bpm")
    }

    @Test("Integer style: whole numbers only, one-sided bounds")
    func integerStyle() {
        #expect(steps.answer("0") == .numeric(.integer(0)))
        #expect(steps.answer("12000") == .numeric(.integer(12000)))
        #expect(steps.answer("12.0") == .numeric(.integer(12)))
        #expect(steps.accepted == "a whole number of at least 0")
        #expect(steps.message("-1") == "-1 is below the minimum 0: enter a whole number of at least 0")
        #expect(steps.message("1.5") == "1.5 is not a whole number: enter a whole number of at least 0")
        #expect(
            steps.message("99999999999999999999999")
                == "99999999999999999999999 is too large: enter a whole number of at least 0")
        #expect(steps.message("12 kg") == "12 kg is not a number: enter a whole number of at least 0")
        let capped = AnswerFormat.numeric(NumericFormat(style: .integer, maximum: 10))
        #expect(capped.accepted == "a whole number of at most 10")
        #expect(capped.message("11") == "11 is above the maximum 10: enter a whole number of at most 10")
    }

    @Test("Defaults as given; display with unit; question types 5 and 6")
    func defaultsAndDisplay() {
        #expect(
            AnswerFormat.numeric(NumericFormat(style: .integer, defaultValue: 70)).defaultAnswer
                == .numeric(.integer(70)))
        #expect(
            AnswerFormat.numeric(NumericFormat(style: .decimal, defaultValue: 70)).defaultAnswer
                == .numeric(.decimal(70)))
        #expect(
            AnswerFormat.numeric(NumericFormat(style: .integer, defaultValue: 70.5)).defaultAnswer
                == .numeric(.decimal(70.5)))
        #expect(weight.defaultAnswer == nil)
        #expect(weight.shown(.numeric(.decimal(72))) == "72 kg")
        #expect(weight.shown(.numeric(.decimal(72.5))) == "72.5 kg")
        #expect(steps.shown(.numeric(.integer(4))) == "4")
        #expect(weight.questionType == .decimal && steps.questionType == .integer)
    }
}
