import Testing

@testable import ResearchTasks

@Suite("Text scale and value picker formats (docs/answer-formats.md, \"Formats and their checks\" and \"Scales\")")
struct TextScaleFormatTests {
    static func choices(_ count: Int) -> [TextChoice] {
        (0..<count).map { TextChoice(text: "Level \($0 + 1)", value: .string("level\($0 + 1)")) }
    }

    let scale = AnswerFormat.textScale(
        TextScaleFormat(
            choices: [
                TextChoice(text: "Poor", value: .string("poor")),
                TextChoice(text: "Fair", value: .string("fair")),
                TextChoice(text: "Good", value: .integer(3)),
            ], defaultIndex: 1))

    let picker = AnswerFormat.valuePicker(
        ValuePickerFormat(choices: [
            TextChoice(text: "Morning", value: .string("am")),
            TextChoice(text: "Evening", value: .string("pm")),
        ]))

    @Test("a text scale needs 2…8 choices (docs/answer-formats.md, \"Formats and their checks\")")
    func choiceCount() {
        #expect(AnswerFormat.textScale(TextScaleFormat(choices: Self.choices(1))).problemPaths == ["choices"])
        #expect(AnswerFormat.textScale(TextScaleFormat(choices: Self.choices(2))).validationProblems().isEmpty)
        #expect(AnswerFormat.textScale(TextScaleFormat(choices: Self.choices(8))).validationProblems().isEmpty)
        #expect(
            AnswerFormat.textScale(TextScaleFormat(choices: Self.choices(9))).validationProblems()
                == [FormatProblem(path: "choices", reason: "a text scale can have at most 8 choices")])
    }

    @Test("Text scale and value picker: exclusive and other choices are problems (single choice formats)")
    func singleChoiceRules() {
        var choices = Self.choices(3)
        choices[1].exclusive = true
        choices[2].other = OtherChoice()
        #expect(
            AnswerFormat.textScale(TextScaleFormat(choices: choices)).problemPaths
                == ["choices[1].exclusive", "choices[2].other"])
        #expect(
            AnswerFormat.valuePicker(ValuePickerFormat(choices: choices)).problemPaths
                == ["choices[1].exclusive", "choices[2].other"])
        #expect(AnswerFormat.valuePicker(ValuePickerFormat(choices: [])).problemPaths == ["choices"])
    }

    @Test("Text scale: position number, text or value picks one choice")
    func parsing() {
        #expect(scale.answer("1") == .choices([.string("poor")]))
        #expect(scale.answer("fair") == .choices([.string("fair")]))
        #expect(scale.answer("3") == .choices([.integer(3)]))
        #expect(scale.answer("poor") == .choices([.string("poor")]))
        #expect(scale.message("4") == "4 is not one of the choices: enter 1–3 or a choice's name")
        #expect(scale.message("1, 2") == "1, 2 is more than one choice: enter 1–3 or a choice's name")
        #expect(scale.message("2: very") == "Fair takes no text after ':': enter 1–3 or a choice's name")
    }

    @Test(
        "the text scale default is [value at defaultIndex], nil when out of range (docs/answer-formats.md, \"Scales\")")
    func defaults() {
        #expect(scale.defaultAnswer == .choices([.string("fair")]))
        #expect(AnswerFormat.textScale(TextScaleFormat(choices: Self.choices(3), defaultIndex: 3)).defaultAnswer == nil)
        #expect(
            AnswerFormat.textScale(TextScaleFormat(choices: Self.choices(3), defaultIndex: -1)).defaultAnswer == nil)
        #expect(AnswerFormat.textScale(TextScaleFormat(choices: Self.choices(3))).defaultAnswer == nil)
        #expect(picker.defaultAnswer == nil)
    }

    @Test(
        "Value picker: one value by number, text or value → [value] (testAnswerForSelectedIndexes; docs/answer-formats.md, \"Ported ResearchKit tests\": index i+1 → [value_i])"
    )
    func pickerParsing() {
        #expect(picker.answer("2") == .choices([.string("pm")]))
        #expect(picker.answer("morning") == .choices([.string("am")]))
        #expect(picker.answer("PM") == .choices([.string("pm")]))
        #expect(picker.message("noon") == "noon is not one of the choices: enter 1–2 or a choice's name")
    }

    @Test("Descriptions, completions and display")
    func presentation() {
        #expect(scale.accepted == "1–3 or a choice's name")
        #expect(scale.completions(context: FormatFixture.context) == ["Poor", "Fair", "Good"])
        #expect(scale.shown(.choices([.integer(3)])) == "Good")
        #expect(scale.shown(.choices([.double(3)])) == "Good")
        #expect(picker.completions(context: FormatFixture.context) == ["Morning", "Evening"])
        #expect(picker.shown(.choices([.string("pm")])) == "Evening")
        #expect(picker.shown(.choices([.string("unknown")])) == "unknown")
    }
}
