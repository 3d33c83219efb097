public import Foundation

/// A typed answer to one question; never `Any`. Each case corresponds to one ResearchKit question-result class.
public enum Answer: Sendable, Hashable {
    /// `ORKScaleQuestionResult.scaleAnswer` (integer or continuous scale).
    case scale(NumberValue)
    /// `ORKChoiceQuestionResult.choiceAnswers` (text choice, text scale, value picker), in choice order.
    case choices([ChoiceValue])
    /// `ORKBooleanQuestionResult.booleanAnswer`.
    case boolean(Bool)
    /// `ORKNumericQuestionResult.numericAnswer`.
    case numeric(NumberValue)
    /// `ORKTextQuestionResult.textAnswer`.
    case text(String)
    /// `ORKDateQuestionResult.dateAnswer`.
    case date(Date)
    /// `ORKTimeOfDayQuestionResult.dateComponentsAnswer`.
    case timeOfDay(TimeOfDay)
    /// `ORKTimeIntervalQuestionResult.intervalAnswer`, in seconds.
    case timeInterval(Double)
}

/// A number that remembers whether it is whole (JSON `4`) or decimal (JSON `4.5`).
public enum NumberValue: Sendable, Hashable {
    /// A whole number.
    case integer(Int)
    /// A decimal number.
    case decimal(Double)

    /// The value as a Double.
    public var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): value
        }
    }
}
