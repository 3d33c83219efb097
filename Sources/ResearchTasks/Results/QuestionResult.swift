public import Foundation
package import RegimenFoundation

/// A question result. `value` fixes the ResearchKit class and holds its typed, possibly missing, answer.
public struct QuestionResult: Sendable, Hashable {
    /// The question step's or form item's identifier.
    public var identifier: String
    /// When the answer was given.
    public var startDate: Date
    /// When the answer was given.
    public var endDate: Date
    /// ResearchKit's `questionType` of the declared format; nil when a file left it out or wrote a number this
    /// version does not know (the number is kept in `source`).
    public var questionType: QuestionType?
    /// The result class and its answer; a nil payload means "present but unanswered" (skipped).
    public var value: QuestionValue
    /// True when the participant chose "I don't know" (`noAnswerType`).
    public var isDontKnow: Bool
    /// Free-form extra data.
    package var userInfo: JSONObject?
    /// The JSON object this result was read from (nil when Regimen built it). Writing the result back keeps from it
    /// what the model does not hold: unknown keys, explicit nulls, each value's exact written form
    /// (docs/researchkit-results.md).
    @ExcludedFromEquality package var source: JSONObject?

    /// Creates a question result.
    package init(
        identifier: String, startDate: Date, endDate: Date, questionType: QuestionType?, value: QuestionValue,
        isDontKnow: Bool = false, userInfo: JSONObject? = nil, source: JSONObject? = nil
    ) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate
        self.questionType = questionType
        self.value = value
        self.isDontKnow = isDontKnow
        self.userInfo = userInfo
        self.source = source
    }

    /// The typed answer, or nil when unanswered.
    public var answer: Answer? { value.answer }
}

/// One case per ResearchKit question-result class, each with its optional typed answer and extra fields.
public enum QuestionValue: Sendable, Hashable {
    /// `ORKScaleQuestionResult`.
    case scale(NumberValue?)
    /// `ORKChoiceQuestionResult`.
    case choice([ChoiceValue]?)
    /// `ORKBooleanQuestionResult`.
    case boolean(Bool?)
    /// `ORKTextQuestionResult`.
    case text(String?)
    /// `ORKNumericQuestionResult` with its unit and display unit.
    case numeric(NumberValue?, unit: String?, displayUnit: String?)
    /// `ORKTimeOfDayQuestionResult`.
    case timeOfDay(TimeOfDay?)
    /// `ORKTimeIntervalQuestionResult` (seconds).
    case timeInterval(Double?)
    /// `ORKDateQuestionResult` with calendar identifier and time zone (seconds from GMT).
    case date(Date?, calendar: String?, timeZoneSeconds: Int?)

    /// The typed answer, or nil when unanswered.
    public var answer: Answer? {
        switch self {
        case .scale(let v): v.map(Answer.scale)
        case .choice(let v): v.map(Answer.choices)
        case .boolean(let v): v.map(Answer.boolean)
        case .text(let v): v.map(Answer.text)
        case .numeric(let v, _, _): v.map(Answer.numeric)
        case .timeOfDay(let v): v.map(Answer.timeOfDay)
        case .timeInterval(let v): v.map(Answer.timeInterval)
        case .date(let v, _, _): v.map(Answer.date)
        }
    }

    /// The JSON key of the answer in the class's serialization (docs/researchkit-results.md, "Result classes and their
    /// keys"), e.g. "scaleAnswer".
    package var answerKey: String {
        switch self {
        case .scale: "scaleAnswer"
        case .choice: "choiceAnswers"
        case .boolean: "booleanAnswer"
        case .text: "textAnswer"
        case .numeric: "numericAnswer"
        case .timeOfDay: "dateComponentsAnswer"
        case .timeInterval: "intervalAnswer"
        case .date: "dateAnswer"
        }
    }

    /// The ResearchKit class name (`_class`).
    package var className: String {
        switch self {
        case .scale: "ORKScaleQuestionResult"
        case .choice: "ORKChoiceQuestionResult"
        case .boolean: "ORKBooleanQuestionResult"
        case .text: "ORKTextQuestionResult"
        case .numeric: "ORKNumericQuestionResult"
        case .timeOfDay: "ORKTimeOfDayQuestionResult"
        case .timeInterval: "ORKTimeIntervalQuestionResult"
        case .date: "ORKDateQuestionResult"
        }
    }
}
