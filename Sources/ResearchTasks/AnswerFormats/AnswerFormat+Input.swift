import Foundation

// PLACEHOLDER BODIES — the answer-format work replaces these with ResearchKit's exact rules (reference §2).
// The signatures are the contract other targets code against.

/// Context for turning typed text into answers: calendar and time zone for dates, "now" for relative dates.
public struct AnswerParsingContext: Sendable {
    /// Calendar (with its time zone) used to read and show dates and times.
    public var calendar: Calendar
    /// The current instant.
    public var now: Date

    /// Creates a context.
    public init(calendar: Calendar, now: Date) {
        self.calendar = calendar
        self.now = now
    }
}

/// Why typed text is not an acceptable answer; `message` is shown to the participant as is.
public struct AnswerInputError: Error, Sendable, Hashable {
    /// The full message, e.g. "11 is above the maximum 10: enter a whole number from 1 to 10".
    public var message: String

    /// Creates an input error.
    public init(message: String) {
        self.message = message
    }
}

/// A rule of ResearchKit's that an answer format breaks.
public struct FormatProblem: Sendable, Hashable {
    /// Path inside the format, e.g. "scale" or "choices[2].value" (empty for the format itself).
    public var path: String
    /// What is wrong, e.g. "(max − min) must be divisible by step".
    public var reason: String

    /// Creates a problem.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

extension AnswerFormat {
    /// Parses and validates typed text into a typed answer.
    public func parse(_ text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        .failure(AnswerInputError(message: "not implemented"))
    }

    /// Every ResearchKit rule this format breaks (empty when valid).
    public func validationProblems() -> [FormatProblem] { [] }

    /// The pre-set answer ResearchKit would give (nil when there is none or it is out of range).
    public var defaultAnswer: Answer? { nil }

    /// What may be typed, e.g. "a whole number from 1 to 10".
    public func acceptedInputDescription(context: AnswerParsingContext) -> String { "" }

    /// Words offered by tab completion (choice labels, yes/no, …).
    public func completions(context: AnswerParsingContext) -> [String] { [] }

    /// A short human rendering of an answer in this format, e.g. "Walk, Rest" or "1 h 30 min".
    public func displayText(for answer: Answer, context: AnswerParsingContext) -> String { "" }
}
