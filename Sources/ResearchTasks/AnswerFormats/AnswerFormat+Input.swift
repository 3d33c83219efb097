import Foundation

// PLACEHOLDER API — the answer-format work replaces these bodies with ResearchKit's exact rules.

/// Context for turning typed text into answers: calendar and time zone for dates, "now" for relative dates.
public struct AnswerParsingContext: Sendable {
    /// Calendar (with its time zone) used to read dates and times.
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

extension AnswerFormat {
    /// Parses and validates typed text into a typed answer.
    public func parse(_ text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        .failure(AnswerInputError(message: "not implemented"))
    }
}
