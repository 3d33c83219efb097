import Testing

@testable import ResearchTasks

@Suite("Text choice format (docs/answer-formats.md, \"Choices\")")
struct TextChoiceFormatTests {
    static let activities: [TextChoice] = [
        TextChoice(text: "Walk", value: .string("walk")),
        TextChoice(text: "Swim", value: .string("swim")),
        TextChoice(text: "Rest", value: .string("rest")),
        TextChoice(
            text: "Other", value: .string("Other"), other: OtherChoice(placeholder: "What?", textOptional: true)),
        TextChoice(text: "None of these", value: .string("none"), exclusive: true),
    ]
    let single = AnswerFormat.textChoice(TextChoiceFormat(style: .single, choices: Array(Self.activities.prefix(4))))
    let multiple = AnswerFormat.textChoice(TextChoiceFormat(style: .multiple, choices: Self.activities))

    // MARK: single choice

    @Test("Single choice: by 1-based number, by text (any case) or by value")
    func singleByNumberTextOrValue() {
        #expect(single.answer("1") == .choices([.string("walk")]))
        #expect(single.answer("swim") == .choices([.string("swim")]))
        #expect(single.answer("  REST ") == .choices([.string("rest")]))
        #expect(single.answer("walk") == .choices([.string("walk")]))
    }

    @Test("Single choice: numbers outside 1…n, unknown words and several choices are refused")
    func singleRefusals() {
        #expect(
            single.message("0")
                == "0 is not one of the choices: enter 1–4 or a choice's name, or 4: followed by your own words")
        #expect(
            single.message("5")
                == "5 is not one of the choices: enter 1–4 or a choice's name, or 4: followed by your own words")
        #expect(
            single.message("run")
                == "run is not one of the choices: enter 1–4 or a choice's name, or 4: followed by your own words")
        #expect(
            single.message("1, 2")
                == "1, 2 is more than one choice: enter 1–4 or a choice's name, or 4: followed by your own words")
        #expect(
            single.message("") == "an answer is needed: enter 1–4 or a choice's name, or 4: followed by your own words")
    }

    @Test("The choice number wins over a numeric value of another choice; values still match when no number does")
    func numberBeforeValue() {
        let scored = AnswerFormat.textChoice(
            TextChoiceFormat(
                style: .single,
                choices: [
                    TextChoice(text: "Not at all", value: .integer(0)),
                    TextChoice(text: "Several days", value: .integer(1)),
                    TextChoice(text: "Nearly every day", value: .integer(3)),
                ]))
        #expect(scored.answer("1") == .choices([.integer(0)]))
        #expect(scored.answer("0") == .choices([.integer(0)]))
        #expect(scored.answer("several days") == .choices([.integer(1)]))
        let decimal = AnswerFormat.textChoice(
            TextChoiceFormat(
                style: .single,
                choices: [
                    TextChoice(text: "Half", value: .double(0.5))
                ]))
        #expect(decimal.answer("0.5") == .choices([.double(0.5)]))
        #expect(decimal.accepted == "1 or the choice's name")
    }

    @Test("A choice text holding a comma is one choice, not two")
    func commaInText() {
        let format = AnswerFormat.textChoice(
            TextChoiceFormat(
                style: .multiple,
                choices: [
                    TextChoice(text: "Yes, often", value: .string("often")),
                    TextChoice(text: "No", value: .string("no")),
                ]))
        #expect(format.answer("yes, often") == .choices([.string("often")]))
    }

    // MARK: multiple choice

    @Test("multiple choice answers come in CHOICE order, repeats collapsed (docs/answer-formats.md, \"Choices\")")
    func multipleChoiceOrder() {
        #expect(multiple.answer("3, 1") == .choices([.string("walk"), .string("rest")]))
        #expect(multiple.answer("rest,walk,1,,3") == .choices([.string("walk"), .string("rest")]))
        #expect(multiple.answer("2") == .choices([.string("swim")]))
        #expect(multiple.accepted == "one or more of 1–5, separated by commas, or 4: followed by your own words")
    }

    @Test(
        "an exclusive choice with others is refused, naming the choice; alone it is fine (docs/answer-formats.md, \"Choices\")"
    )
    func exclusive() {
        #expect(
            multiple.message("1, 5")
                == "None of these cannot be combined with other choices: enter one or more of 1–5, separated by commas, or 4: followed by your own words"
        )
        #expect(multiple.answer("5") == .choices([.string("none")]))
        #expect(multiple.answer("none of these, 5") == .choices([.string("none")]))
    }

    @Test("Multiple choice: an unknown piece is named in the message")
    func multipleUnknown() {
        #expect(
            multiple.message("1, run")
                == "run is not one of the choices: enter one or more of 1–5, separated by commas, or 4: followed by your own words"
        )
        #expect(
            multiple.message(" , ,")
                == "an answer is needed: enter one or more of 1–5, separated by commas, or 4: followed by your own words"
        )
    }

    // MARK: other choice

    @Test("the other choice's typed text replaces its value (docs/answer-formats.md, \"Choices\")")
    func otherReplacesValue() {
        #expect(single.answer("4: walking the dog") == .choices([.string("walking the dog")]))
        #expect(single.answer("other:walking the dog") == .choices([.string("walking the dog")]))
        #expect(multiple.answer("1, 4: walking the dog") == .choices([.string("walk"), .string("walking the dog")]))
        // The free text runs to the end of the line, commas included, and still sorts in choice order.
        #expect(multiple.answer("4: dog, cat, 3") == .choices([.string("dog, cat, 3")]))
        #expect(multiple.answer("3, 4: dog, cat") == .choices([.string("rest"), .string("dog, cat")]))
    }

    @Test("Empty free text keeps the value when optional, and is refused when the text is required")
    func otherEmptyText() {
        #expect(single.answer("4") == .choices([.string("Other")]))
        #expect(single.answer("4:") == .choices([.string("Other")]))
        let required = AnswerFormat.textChoice(
            TextChoiceFormat(
                style: .single,
                choices: [
                    TextChoice(text: "Walk", value: .string("walk")),
                    TextChoice(text: "Other", value: .string("Other"), other: OtherChoice(textOptional: false)),
                ]))
        #expect(
            required.message("2")
                == "Other needs your own words, as in 2: your words: enter 1–2 or a choice's name, or 2: followed by your own words"
        )
        #expect(required.answer("2: cycling") == .choices([.string("cycling")]))
    }

    @Test("Text after ':' on an ordinary choice is refused")
    func colonOnOrdinaryChoice() {
        #expect(
            single.message("1: fast")
                == "Walk takes no text after ':': enter 1–4 or a choice's name, or 4: followed by your own words")
        #expect(
            multiple.message("2, 1: fast")
                == "Walk takes no text after ':': enter one or more of 1–5, separated by commas, or 4: followed by your own words"
        )
    }

    // MARK: validation, completions, display

    @Test("Validation: no choices, empty text, duplicate values, other value ≠ text, exclusive on single choice")
    func validation() {
        #expect(
            AnswerFormat.textChoice(TextChoiceFormat(style: .single, choices: [])).validationProblems()
                == [FormatProblem(path: "choices", reason: "at least 1 choice is needed")])
        #expect(single.validationProblems().isEmpty)
        #expect(multiple.validationProblems().isEmpty)
        let broken = AnswerFormat.textChoice(
            TextChoiceFormat(
                style: .single,
                choices: [
                    TextChoice(text: "One", value: .integer(1)),
                    TextChoice(text: " ", value: .string("blank")),
                    TextChoice(text: "Also one", value: .double(1.0)),
                    TextChoice(text: "Other", value: .string("something"), other: OtherChoice()),
                    TextChoice(text: "None", value: .string("none"), exclusive: true),
                ]))
        #expect(
            broken.problemPaths == ["choices[1].text", "choices[2].value", "choices[3].value", "choices[4].exclusive"])
        // A numeric value on an other choice is allowed: the factory rule is about string values.
        let numericOther = AnswerFormat.textChoice(
            TextChoiceFormat(
                style: .multiple,
                choices: [
                    TextChoice(text: "Other", value: .integer(9), other: OtherChoice())
                ]))
        #expect(numericOther.validationProblems().isEmpty)
    }

    @Test("Completions are the choice texts in display order; display maps values to texts")
    func completionsAndDisplay() {
        #expect(
            multiple.completions(context: FormatFixture.context) == ["Walk", "Swim", "Rest", "Other", "None of these"])
        #expect(multiple.shown(.choices([.string("walk"), .string("rest")])) == "Walk, Rest")
        #expect(multiple.shown(.choices([.string("walk"), .string("walking the dog")])) == "Walk, walking the dog")
        #expect(single.defaultAnswer == nil)
        #expect(single.questionType == .singleChoice && multiple.questionType == .multipleChoice)
    }
}
