import Foundation
import ResearchTasks
import Testing

@testable import Catalog

/// Every answer format of Sources/ResearchTasks/AnswerFormats decodes from its survey notation.
@Suite("Answer format decoding")
struct AnswerFormatDecodingTests {
    /// Decodes `format` as the only question step of a task and returns its answer format.
    private func decode(_ format: String) throws -> AnswerFormat {
        let entry = try CatalogFixture.entry("id: t\ntitle: T\nsteps:\n  - question: q\n    \(format)\n")
        guard case .question(let question) = entry.task.steps[0].content else { throw CocoaError(.coderInvalidValue) }
        return question.answerFormat
    }

    @Test("scale with every field")
    func scale() throws {
        #expect(
            try decode(
                "scale: { min: 0, max: 10, step: 2, default: 4, minDescription: Low, maxDescription: High, vertical: true }"
            )
                == .scale(
                    ScaleFormat(
                        minimum: 0, maximum: 10, step: 2, defaultValue: 4, minimumDescription: "Low",
                        maximumDescription: "High", vertical: true)))
        #expect(try decode("scale: { min: 1, max: 5 }") == .scale(ScaleFormat(minimum: 1, maximum: 5, step: 1)))
    }

    @Test("continuous scale")
    func continuousScale() throws {
        #expect(
            try decode(
                "continuousScale: { min: 0, max: 1, default: 0.5, fractionDigits: 2, style: percent, minDescription: a, maxDescription: b }"
            )
                == .continuousScale(
                    ContinuousScaleFormat(
                        minimum: 0, maximum: 1, defaultValue: 0.5, maximumFractionDigits: 2, minimumDescription: "a",
                        maximumDescription: "b",
                        numberStyle: .percent
                    )))
    }

    @Test("text scale and value picker; bare strings are choices whose value is their text")
    func textScaleAndPicker() throws {
        #expect(
            try decode("textScale: { default: 1, choices: [Low, { text: High, value: 2 }] }")
                == .textScale(
                    TextScaleFormat(
                        choices: [
                            TextChoice(text: "Low", value: .string("Low")),
                            TextChoice(text: "High", value: .integer(2)),
                        ], defaultIndex: 1)))
        #expect(
            try decode("valuePicker: { choices: [A, { text: B, value: 2.5, detail: bee }] }")
                == .valuePicker(
                    ValuePickerFormat(choices: [
                        TextChoice(text: "A", value: .string("A")),
                        TextChoice(text: "B", detailText: "bee", value: .double(2.5)),
                    ])))
    }

    @Test("single and multiple choice with exclusive and free-text other choices (docs/answer-formats.md, \"Choices\")")
    func textChoice() throws {
        #expect(
            try decode(#"singleChoice: { choices: ["Yes", "No"] }"#)
                == .textChoice(
                    TextChoiceFormat(
                        style: .single,
                        choices: [
                            TextChoice(text: "Yes", value: .string("Yes")),
                            TextChoice(text: "No", value: .string("No")),
                        ])))
        #expect(
            try decode(
                """
                multipleChoice:
                      choices:
                        - { text: Walk, value: walk }
                        - { text: Other, value: Other, other: true }
                        - { text: Else, other: { placeholder: Say more, optional: false } }
                        - { text: None, value: none, exclusive: true }
                """)
                == .textChoice(
                    TextChoiceFormat(
                        style: .multiple,
                        choices: [
                            TextChoice(text: "Walk", value: .string("walk")),
                            TextChoice(text: "Other", value: .string("Other"), other: OtherChoice()),
                            TextChoice(
                                text: "Else", value: .string("Else"),
                                other: OtherChoice(placeholder: "Say more", textOptional: false)),
                            TextChoice(text: "None", value: .string("none"), exclusive: true),
                        ])))
    }

    @Test("boolean with and without labels")
    func boolean() throws {
        #expect(
            try decode("boolean: { yes: Sure, no: Nope }") == .boolean(BooleanFormat(yesText: "Sure", noText: "Nope")))
        #expect(try decode("boolean: {}") == .boolean(BooleanFormat()))
        #expect(try decode("boolean:") == .boolean(BooleanFormat()))
    }

    @Test("integer and decimal numbers with unit and bounds")
    func numeric() throws {
        #expect(
            try decode("integer: { unit: steps, min: 0, max: 100, default: 10 }")
                == .numeric(NumericFormat(style: .integer, unit: "steps", minimum: 0, maximum: 100, defaultValue: 10)))
        #expect(
            try decode("decimal: { unit: kg, displayUnit: kilograms, min: 20.5, max: 300, fractionDigits: 1 }")
                == .numeric(
                    NumericFormat(
                        style: .decimal, unit: "kg", displayUnit: "kilograms", minimum: 20.5, maximum: 300,
                        maximumFractionDigits: 1)))
    }

    @Test("free text with maximum length, pattern and invalid message")
    func text() throws {
        #expect(
            try decode(
                #"freeText: { maxLength: 10, pattern: "^[0-9]+$", invalidMessage: Digits only, multipleLines: true, default: "1" }"#
            )
                == .text(
                    TextFormat(
                        maximumLength: 10, pattern: "^[0-9]+$", invalidMessage: "Digits only", multipleLines: true,
                        defaultText: "1")))
    }

    @Test("date and date-time bounds; date-only values are midnight in the loading calendar's zone")
    func dates() throws {
        #expect(
            try decode(#"date: { min: 2020-01-01, max: "2024-12-31", default: 2023-06-15 }"#)
                == .date(
                    DateFormat(
                        style: .date, minimum: CatalogFixture.date(2020, 1, 1),
                        maximum: CatalogFixture.date(2024, 12, 31),
                        defaultDate: CatalogFixture.date(2023, 6, 15)
                    )))
        #expect(
            try decode(#"dateTime: { min: "2023-06-15T08:30", max: "2023-06-15T11:00:30+02:00" }"#)
                == .date(
                    DateFormat(
                        style: .dateAndTime, minimum: CatalogFixture.date(2023, 6, 15, 8, 30),
                        maximum: CatalogFixture.date(2023, 6, 15, 9, 0, 30))))
    }

    @Test("time of day and time interval")
    func times() throws {
        #expect(
            try decode(#"timeOfDay: { default: "07:05" }"#)
                == .timeOfDay(TimeOfDayFormat(defaultValue: TimeOfDay(hour: 7, minute: 5))))
        #expect(
            try decode("timeInterval: { step: 5, default: 900 }")
                == .timeInterval(TimeIntervalFormat(step: 5, defaultInterval: 900)))
    }

    @Test("question step fields: questionText, placeholder, optional default true (docs/navigation.md, \"Steps\")")
    func questionStep() throws {
        let entry = try CatalogFixture.entry(
            """
            id: t
            title: T
            steps:
              - question: q
                title: Title
                text: Text
                detail: Detail
                footnote: Foot
                questionText: Question?
                placeholder: Type here
                showsProgress: false
                freeText: {}
              - question: r
                optional: false
                boolean: {}
            """)
        #expect(
            entry.task.steps[0]
                == Step(
                    identifier: "q", title: "Title", text: "Text", detailText: "Detail", footnote: "Foot",
                    isOptional: true,
                    showsProgress: false,
                    content: .question(
                        QuestionContent(
                            question: "Question?", placeholder: "Type here", answerFormat: .text(TextFormat())))
                ))
        #expect(!entry.task.steps[1].isOptional)
    }

    @Test("malformed format values are reported at their keys")
    func malformed() throws {
        let lines = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            steps:
              - question: a
                scale: { min: one, max: 5, stepp: 1 }
              - question: b
                date: { min: 2020-13-45 }
              - question: c
                timeOfDay: { default: "7:5" }
              - question: d
                singleChoice: { choices: [{ value: 1 }, { text: X, value: true }, No] }
              - question: e
                continuousScale: { min: 0, max: 1, style: fancy }
              - question: f
            """)
        #expect(
            lines == [
                #"steps[0].scale: unknown key "stepp" (did you mean "step"?)"#,
                "steps[0].scale.min: must be a whole number, found a string",
                #"steps[1].date.min: must be a date written "yyyy-MM-dd" or "yyyy-MM-ddTHH:mm[:ss][Z|±HH:mm]""#,
                #"steps[2].timeOfDay.default: must be a time written "HH:mm", e.g. "08:30""#,
                #"steps[3].singleChoice.choices[0]: missing required key "text""#,
                "steps[3].singleChoice.choices[1].value: must be a string or a number, found a boolean (quote it)",
                "steps[3].singleChoice.choices[2]: must be a choice's text or a mapping, found a boolean (quote it)",
                #"steps[4].continuousScale.style: must be one of "default", "percent""#,
                "steps[5]: missing an answer format (one of scale, continuousScale, textScale, singleChoice, multipleChoice, boolean, integer, decimal, freeText, date, dateTime, timeOfDay, timeInterval, valuePicker)",
            ])
    }
}
