import Foundation
import Testing

@testable import ResearchTasks

@Suite("Answer format input contract across all formats")
struct AnswerFormatInputTests {
    static let all: [AnswerFormat] = [
        .scale(ScaleFormat(minimum: 1, maximum: 10)),
        .continuousScale(ContinuousScaleFormat(minimum: 0, maximum: 1, maximumFractionDigits: 1)),
        .textScale(
            TextScaleFormat(choices: [
                TextChoice(text: "Low", value: .string("low")), TextChoice(text: "High", value: .string("high")),
            ])),
        .textChoice(TextChoiceFormat(style: .multiple, choices: [TextChoice(text: "Walk", value: .string("walk"))])),
        .boolean(BooleanFormat()),
        .numeric(NumericFormat(style: .decimal, unit: "kg", minimum: 30, maximum: 200)),
        .text(TextFormat(maximumLength: 10)),
        .date(DateFormat(style: .date)),
        .timeOfDay(TimeOfDayFormat()),
        .timeInterval(TimeIntervalFormat()),
        .valuePicker(ValuePickerFormat(choices: [TextChoice(text: "One", value: .integer(1))])),
    ]

    @Test("Empty or blank text never crashes and asks for an answer, naming what is accepted", arguments: all)
    func emptyText(_ format: AnswerFormat) {
        for blank in ["", "   ", "\n\t"] {
            #expect(format.message(blank) == "an answer is needed: enter \(format.accepted)")
        }
    }

    @Test("Every sample format is valid and describes its input", arguments: all)
    func validSamples(_ format: AnswerFormat) {
        #expect(format.validationProblems().isEmpty)
        #expect(!format.accepted.isEmpty)
    }

    @Test("Hostile text is refused without crashing", arguments: all)
    func hostileText(_ format: AnswerFormat) {
        for text in ["\u{0}", "💥💥💥", String(repeating: "9", count: 400), "-", ".", "::", ",,,", "1e309", "nan", "inf"] {
            _ = format.parsed(text)
        }
        #expect(format.message("💥💥💥") != nil || format == Self.all[6])
    }

    @Test("Broken formats (no choices, step 0, bounds reversed) parse without crashing")
    func brokenFormats() {
        let broken: [AnswerFormat] = [
            .textChoice(TextChoiceFormat(style: .single, choices: [])),
            .textChoice(TextChoiceFormat(style: .multiple, choices: [])),
            .textScale(TextScaleFormat(choices: [], defaultIndex: 0)),
            .valuePicker(ValuePickerFormat(choices: [])),
            .scale(ScaleFormat(minimum: 10, maximum: 0, step: 0, defaultValue: 5)),
            .continuousScale(ContinuousScaleFormat(minimum: .nan, maximum: .infinity, defaultValue: .nan)),
            .numeric(NumericFormat(style: .decimal, minimum: 5, maximum: 1, maximumFractionDigits: -3)),
            .timeInterval(TimeIntervalFormat(step: 0)),
            .timeInterval(TimeIntervalFormat(step: -5)),
        ]
        for format in broken {
            for text in ["1", "0", "1, 2", "x", "4: y", "1h"] { _ = format.parsed(text) }
            _ = format.defaultAnswer
            #expect(!format.validationProblems().isEmpty)
        }
        #expect(broken[0].message("1") == "1 is not one of the choices: enter nothing: this question has no choices")
    }

    @Test("Out-of-range numbers never become answers: huge decimals, huge durations")
    func hugeNumbers() {
        let open = AnswerFormat.numeric(NumericFormat(style: .decimal))
        let huge = String(repeating: "9", count: 400)
        #expect(open.message(huge) == "\(String(repeating: "9", count: 32))… is too large: enter a number")
        #expect(open.message("-" + huge)?.contains("is too small") == true)
        #expect(Self.all[9].shown(.timeInterval(1e300)) == "1e+300 s")
    }

    @Test("The brief's example descriptions, exactly")
    func descriptions() {
        #expect(Self.all[0].accepted == "a whole number from 1 to 10")
        #expect(
            AnswerFormat.scale(ScaleFormat(minimum: 0, maximum: 100, step: 10)).accepted
                == "a whole number from 0 to 100 in steps of 10")
        #expect(Self.all[1].accepted == "a number from 0.0 to 1.0")
        #expect(
            AnswerFormat.textChoice(
                TextChoiceFormat(
                    style: .single,
                    choices: (1...4).map {
                        TextChoice(text: "C\($0)", value: .integer($0))
                    })
            ).accepted == "1–4 or a choice's name")
        #expect(
            AnswerFormat.textChoice(
                TextChoiceFormat(
                    style: .multiple,
                    choices: (1...5).map {
                        TextChoice(text: "C\($0)", value: .integer($0))
                    })
            ).accepted == "one or more of 1–5, separated by commas")
        #expect(Self.all[4].accepted == "yes or no")
        #expect(Self.all[5].accepted == "a number of kg from 30 to 200")
        #expect(Self.all[6].accepted == "text of at most 10 characters")
        #expect(Self.all[7].accepted == "a date as YYYY-MM-DD")
        #expect(Self.all[8].accepted == "a time as HH:MM")
        #expect(Self.all[9].accepted == "a duration such as 1h 30m")
    }

    @Test("Completions: choice texts and yes/no labels; nothing for free formats")
    func completions() {
        let words = Self.all.map { $0.completions(context: FormatFixture.context) }
        #expect(words[2] == ["Low", "High"])
        #expect(words[3] == ["Walk"])
        #expect(words[4] == ["Yes", "No"])
        #expect(words[10] == ["One"])
        for index in [0, 1, 5, 6, 7, 8, 9] { #expect(words[index].isEmpty) }
    }

    @Test("An answer of another kind is still rendered plainly")
    func foreignAnswers() {
        let scale = Self.all[0]
        #expect(scale.shown(.text("hello")) == "hello")
        #expect(scale.shown(.boolean(false)) == "No")
        #expect(scale.shown(.choices([.string("a"), .integer(2), .double(2.5)])) == "a, 2, 2.5")
        #expect(scale.shown(.timeOfDay(TimeOfDay(hour: 8, minute: 5))) == "08:05")
        #expect(scale.shown(.date(FormatFixture.utc(2026, 11, 21, 8, 30))) == "2026-11-21 08:30")
        #expect(scale.shown(.numeric(.decimal(4.5))) == "4.5")
        #expect(scale.shown(.timeInterval(3600)) == "1 h")
    }

    @Test("Parsed answers round-trip through their display text")
    func roundTrip() {
        let samples: [(AnswerFormat, String)] = [
            (Self.all[0], "7"), (Self.all[1], "0.5"), (Self.all[2], "High"), (Self.all[3], "Walk"),
            (Self.all[4], "no"), (Self.all[5], "72.5 kg"), (Self.all[6], "fine"), (Self.all[7], "2026-11-03"),
            (Self.all[8], "7:30 pm"), (Self.all[9], "1h 30m"), (Self.all[10], "1"),
        ]
        for (format, typed) in samples {
            guard let answer = format.answer(typed) else {
                Issue.record("\(typed) was refused")
                continue
            }
            #expect(format.answer(format.shown(answer)) == answer, "\(typed) → \(format.shown(answer))")
        }
    }
}
