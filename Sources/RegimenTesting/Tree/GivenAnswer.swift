public import Foundation
public import ResearchTasks

/// A typed answer as ResearchKit records it, for ``Item`` and ``Question``: `.scale(4)`, `.choices("walk", "rest")`,
/// `.numeric(72.5, unit: "kg")`, `.timeOfDay(hour: 8, minute: 30)`, `.skipped(.scale)`, ….
public struct GivenAnswer: Sendable, Hashable {
    /// The result class and its answer (nil payload = skipped).
    public var value: QuestionValue
    /// ResearchKit's question type recorded with it.
    public var questionType: QuestionType
    /// Whether the participant chose "I don't know".
    public var isDontKnow: Bool

    /// Creates an answer from its result class, question type and "I don't know" flag.
    public init(value: QuestionValue, questionType: QuestionType, isDontKnow: Bool = false) {
        self.value = value
        self.questionType = questionType
        self.isDontKnow = isDontKnow
    }

    /// The question result for an item or question step.
    func questionResult(_ identifier: String, start: Date, end: Date) -> QuestionResult {
        QuestionResult(
            identifier: identifier, startDate: start, endDate: end, questionType: questionType,
            value: value, isDontKnow: isDontKnow)
    }

    /// The UTC Gregorian calendar dates are built in.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}

extension GivenAnswer {
    /// A whole-number scale answer (`ORKScaleQuestionResult`).
    public static func scale(_ value: Int) -> GivenAnswer {
        GivenAnswer(value: .scale(.integer(value)), questionType: .scale)
    }

    /// A continuous-scale answer.
    public static func scale(_ value: Double) -> GivenAnswer {
        GivenAnswer(value: .scale(.decimal(value)), questionType: .scale)
    }

    /// A single-choice answer with a text value (`ORKChoiceQuestionResult`).
    public static func choice(_ value: String) -> GivenAnswer {
        GivenAnswer(value: .choice([.string(value)]), questionType: .singleChoice)
    }

    /// A single-choice answer with a number value.
    public static func choice(_ value: Int) -> GivenAnswer {
        GivenAnswer(value: .choice([.integer(value)]), questionType: .singleChoice)
    }

    /// A multiple-choice answer with text values, in choice order.
    public static func choices(_ values: String...) -> GivenAnswer {
        GivenAnswer(value: .choice(values.map(ChoiceValue.string)), questionType: .multipleChoice)
    }

    /// A multiple-choice answer with number values, in choice order.
    public static func choices(_ values: Int...) -> GivenAnswer {
        GivenAnswer(value: .choice(values.map(ChoiceValue.integer)), questionType: .multipleChoice)
    }

    /// A yes/no answer (`ORKBooleanQuestionResult`).
    public static func boolean(_ value: Bool) -> GivenAnswer {
        GivenAnswer(value: .boolean(value), questionType: .boolean)
    }

    /// An integer numeric answer with its unit (`ORKNumericQuestionResult`).
    public static func numeric(_ value: Int, unit: String? = nil) -> GivenAnswer {
        GivenAnswer(value: .numeric(.integer(value), unit: unit, displayUnit: unit), questionType: .integer)
    }

    /// A decimal numeric answer with its unit.
    public static func numeric(_ value: Double, unit: String? = nil) -> GivenAnswer {
        GivenAnswer(value: .numeric(.decimal(value), unit: unit, displayUnit: unit), questionType: .decimal)
    }

    /// A free-text answer (`ORKTextQuestionResult`).
    public static func text(_ value: String) -> GivenAnswer {
        GivenAnswer(value: .text(value), questionType: .text)
    }

    /// A date answer (`ORKDateQuestionResult`, Gregorian, UTC).
    public static func date(_ value: Date) -> GivenAnswer {
        GivenAnswer(value: .date(value, calendar: "gregorian", timeZoneSeconds: 0), questionType: .dateAndTime)
    }

    /// A date answer at midnight UTC of the given day; nil components make no date (the answer is then skipped).
    public static func date(year: Int, month: Int, day: Int) -> GivenAnswer {
        let date = utc.date(from: DateComponents(year: year, month: month, day: day))
        return GivenAnswer(value: .date(date, calendar: "gregorian", timeZoneSeconds: 0), questionType: .date)
    }

    /// A time-of-day answer (`ORKTimeOfDayQuestionResult`).
    public static func timeOfDay(hour: Int, minute: Int) -> GivenAnswer {
        GivenAnswer(value: .timeOfDay(TimeOfDay(hour: hour, minute: minute)), questionType: .timeOfDay)
    }

    /// A duration answer in seconds (`ORKTimeIntervalQuestionResult`).
    public static func interval(seconds: Double) -> GivenAnswer {
        GivenAnswer(value: .timeInterval(seconds), questionType: .timeInterval)
    }

    /// A duration answer in minutes (stored in seconds).
    public static func interval(minutes: Double) -> GivenAnswer {
        interval(seconds: minutes * 60)
    }

    /// A question of this kind left unanswered: the result is present with a nil answer.
    public static func skipped(_ kind: Kind) -> GivenAnswer {
        GivenAnswer(value: kind.emptyValue, questionType: kind.questionType)
    }

    /// "I don't know" chosen for a question of this kind: no answer, `isDontKnow` set.
    public static func dontKnow(_ kind: Kind) -> GivenAnswer {
        GivenAnswer(value: kind.emptyValue, questionType: kind.questionType, isDontKnow: true)
    }

    /// The kind of a skipped question: which ResearchKit result class records it.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// Scale (integer or continuous).
        case scale
        /// Single or multiple choice (also text scale and value picker).
        case choice
        /// Yes/no.
        case boolean
        /// Integer numeric.
        case integer
        /// Decimal numeric.
        case decimal
        /// Free text.
        case text
        /// Date.
        case date
        /// Time of day.
        case timeOfDay
        /// Time interval.
        case interval

        var emptyValue: QuestionValue {
            switch self {
            case .scale: .scale(nil)
            case .choice: .choice(nil)
            case .boolean: .boolean(nil)
            case .integer, .decimal: .numeric(nil, unit: nil, displayUnit: nil)
            case .text: .text(nil)
            case .date: .date(nil, calendar: nil, timeZoneSeconds: nil)
            case .timeOfDay: .timeOfDay(nil)
            case .interval: .timeInterval(nil)
            }
        }

        var questionType: QuestionType {
            switch self {
            case .scale: .scale
            case .choice: .singleChoice
            case .boolean: .boolean
            case .integer: .integer
            case .decimal: .decimal
            case .text: .text
            case .date: .date
            case .timeOfDay: .timeOfDay
            case .interval: .timeInterval
            }
        }
    }
}
