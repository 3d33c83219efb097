import ParticipantWords
import RegimenFoundation
import ResearchTasks
import Testing

@testable import TerminalRunner

/// Every answer problem and description of what may be typed, worded in each shipped language: English as
/// ResearchTasks words it, byte for byte; Japanese and Chinese with every key present and every argument shown.
@Suite("Answer problems and accepted input in en, ja and zh-Hans")
struct AnswerInputWordingTests {
    static let problems: [AnswerProblem] = [
        .wrongKind, .notWhole, .tooManyFractionDigits(allowed: 0), .tooManyFractionDigits(allowed: 1),
        .tooManyFractionDigits(allowed: 2), .notANumber, .tooLarge(negative: true), .tooLarge(negative: false),
        .belowMinimum("72 kg"), .aboveMaximum("10"), .offStep(step: 5, from: 10), .notAChoice, .moreThanOneChoice,
        .repeatedChoice, .notCombinable(choice: "None"), .emptyText, .textTooLong(length: 12, maximum: 10),
        .textNotMatching, .beforeEarliest("2026-01-01"), .afterLatest("2026-12-31 10:00"), .timeOutOfRange,
        .negativeDuration, .notWholeMinutes, .durationTooLong, .notMultipleOfStep(minutes: 15),
    ]

    static let accepted: [AcceptedInput] = [
        .scale(minimum: 1, maximum: 10, step: 1), .scale(minimum: 0, maximum: 100, step: 10),
        .number(whole: true, unit: nil, minimum: nil, maximum: nil, fractionDigits: nil),
        .number(whole: false, unit: "kg", minimum: "30", maximum: "200", fractionDigits: 1),
        .number(whole: false, unit: nil, minimum: "0", maximum: nil, fractionDigits: 2),
        .number(whole: false, unit: "cm", minimum: nil, maximum: "250", fractionDigits: 0),
        .continuousScale(percent: false, minimum: "0.0", maximum: "1.0"),
        .continuousScale(percent: true, minimum: "0%", maximum: "100%"),
        .choices(numbers: "1", count: 1, several: false, other: nil),
        .choices(numbers: "1–4", count: 4, several: false, other: 4),
        .choices(numbers: "1–5", count: 5, several: true, other: nil), .noChoices, .yesOrNo,
        .labelledYesOrNo(yes: "Agree", no: "Disagree"), .date(withTime: false, from: nil, to: nil),
        .date(withTime: true, from: "2026-01-01 08:00", to: "2026-12-31 20:00"),
        .date(withTime: false, from: "2026-01-01", to: nil), .date(withTime: false, from: nil, to: "2026-12-31"), .time,
        .duration(step: 1), .duration(step: 15), .text(maximumLength: nil, pattern: nil),
        .text(maximumLength: 1, pattern: nil), .text(maximumLength: 10, pattern: "^[A-Z]{3}$"),
        .text(maximumLength: nil, pattern: "^[0-9]+$"),
    ]

    static let inputProblems: [InputProblem] = [
        .answerNeeded, .breaks(.aboveMaximum("10"), typed: "11"), .notANumberOf(unit: "kg", typed: "72 lb"),
        .notADate(withTime: false, reason: nil, typed: "tomorrow"),
        .notADate(withTime: true, reason: .noSuchMonth(13), typed: "2026/13/01 10:00"),
        .notADate(withTime: false, reason: .noSuchDay(month: 2, year: 2026, days: 28, day: 30), typed: "2026/2/30"),
        .notADate(withTime: true, reason: .timeSkipped("02:30"), typed: "2026/3/29 2:30"),
        .notATime(typed: "noon"), .notADuration(typed: "long"), .notAccepted(typed: "maybe"),
        .takesNoText(choice: "Walk"), .needsOwnWords(choice: "Other", number: 4),
    ]

    static let languages = ["en", "ja", "zh-Hans"].map { AnswerInputWording(Words(for: [LanguageTag($0)!])) }
    static let english = languages[0]

    @Test("English is ResearchTasks' English, byte for byte, for every problem and description")
    func englishIsResearchTasksEnglish() {
        for problem in Self.problems {
            #expect(Self.english.text(problem, subject: "11") == problem.text(subject: "11"))
        }
        for accepted in Self.accepted {
            #expect(Self.english.text(accepted) == accepted.text)
            for problem in Self.inputProblems {
                let error = AnswerInputError(problem, accepted: accepted)
                #expect(Self.english.text(error) == error.message)
            }
        }
        let twoLines = AnswerInputError(lines: [
            .rejected(
                .breaks(.textTooLong(length: 12, maximum: 10), typed: "x"),
                accepted: .text(maximumLength: 10, pattern: nil)),
            .given("Use three capital letters."),
        ])
        #expect(Self.english.text(twoLines) == twoLines.message)
        #expect(
            twoLines.message
                == "the text has 12 characters, more than 10: enter text of at most 10 characters\nUse three capital letters."
        )
    }

    @Test("ja and zh-Hans word every problem and description in their own words, every argument shown")
    func otherLanguages() {
        for wording in Self.languages.dropFirst() {
            for problem in Self.problems {
                let text = wording.text(problem, subject: "11")
                #expect(text != problem.text(subject: "11"), "\(wording.words.language): \(problem)")
                #expect(!Self.hasSpecifier(text), "\(text)")
                for argument in Self.arguments(of: problem) { #expect(text.contains(argument), "\(text)") }
            }
            for accepted in Self.accepted {
                let text = wording.text(accepted)
                #expect(text != accepted.text && !Self.hasSpecifier(text), "\(wording.words.language): \(text)")
                for argument in Self.arguments(of: accepted) { #expect(text.contains(argument), "\(text)") }
            }
            for problem in Self.inputProblems {
                let text = wording.text(AnswerInputError(problem, accepted: .scale(minimum: 1, maximum: 10, step: 1)))
                #expect(!Self.hasSpecifier(text) && !text.contains("enter"), "\(wording.words.language): \(text)")
                for argument in Self.arguments(of: problem) { #expect(text.contains(argument), "\(text)") }
            }
        }
        #expect(
            Self.languages[1].text(
                AnswerInputError(
                    .breaks(.aboveMaximum("10"), typed: "11"), accepted: .scale(minimum: 1, maximum: 10, step: 1)))
                == "11 は最大値 10 を超えています。1 から 10 までの整数を入力してください。")
        #expect(
            Self.languages[2].text(.tooManyFractionDigits(allowed: 2), subject: "1.234") == "1.234 的小数位数超过 2 位")
        #expect(
            Self.languages[1].text(.number(whole: false, unit: "kg", minimum: "30", maximum: "200", fractionDigits: 1))
                == "30 から 200 までの数値（kg）（小数点以下 1 桁まで）")
    }

    /// Whether a format specifier was left in `text` unfilled ("0%" is a bound, not one).
    static func hasSpecifier(_ text: String) -> Bool {
        text.contains(/%(\d+\$)?(@|lld|#@)/)
    }

    /// The values a problem's wording must show.
    static func arguments(of problem: AnswerProblem) -> [String] {
        switch problem {
        case .tooManyFractionDigits(let allowed) where allowed > 0: ["11", "\(allowed)"]
        case .belowMinimum(let bound), .aboveMaximum(let bound), .beforeEarliest(let bound), .afterLatest(let bound):
            ["11", bound]
        case .offStep(let step, let from): ["11", "\(step)", "\(from)"]
        case .notCombinable(let choice): [choice]
        case .textTooLong(let length, let maximum): ["\(length)", "\(maximum)"]
        case .emptyText, .textNotMatching: []
        case .notMultipleOfStep(let minutes): ["11", "\(minutes)"]
        default: ["11"]
        }
    }

    /// The values a description's wording must show.
    static func arguments(of accepted: AcceptedInput) -> [String] {
        switch accepted {
        case .scale(let minimum, let maximum, let step): ["\(minimum)", "\(maximum)"] + (step > 1 ? ["\(step)"] : [])
        case .number(_, let unit, let minimum, let maximum, let digits):
            [unit, minimum, maximum, digits.flatMap { $0 > 0 ? "\($0)" : nil }].compactMap { $0 }
        case .continuousScale(_, let minimum, let maximum): [minimum, maximum]
        case .choices(let numbers, _, _, let other): [numbers] + (other.map { ["\($0):"] } ?? [])
        case .labelledYesOrNo(let yes, let no): [yes, no]
        case .date(let withTime, let from, let to): [withTime ? "HH:MM" : "YYYY-MM-DD", from, to].compactMap { $0 }
        case .time: ["HH:MM"]
        case .duration(let step): step > 1 ? ["\(step)"] : ["1h 30m"]
        case .text(let length, let pattern): [length.map { "\($0)" }, pattern].compactMap { $0 }
        case .noChoices, .yesOrNo: []
        }
    }

    /// The values an input problem's wording must show.
    static func arguments(of problem: InputProblem) -> [String] {
        switch problem {
        case .answerNeeded: []
        case .breaks(let broken, let typed): arguments(of: broken).map { $0 == "11" ? typed : $0 }
        case .notANumberOf(let unit, let typed): [typed, unit]
        case .notADate(_, let reason, let typed):
            switch reason {
            case .noSuchMonth(let month): [typed, "\(month)"]
            case .noSuchDay(let month, let year, let days, let day):
                [typed, "\(month)", "\(year)", "\(days)", "\(day)"]
            case .timeSkipped(let time): [typed, time]
            case nil: [typed]
            }
        case .notATime(let typed), .notADuration(let typed), .notAccepted(let typed): [typed]
        case .takesNoText(let choice): [choice]
        case .needsOwnWords(let choice, let number): [choice, "\(number):"]
        }
    }
}
