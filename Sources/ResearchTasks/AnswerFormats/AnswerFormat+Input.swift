package import Foundation
import RegimenFoundation

// The answer-format input contract: ResearchKit's rules (docs/answer-formats.md) for checking formats, reading typed
// answers, defaults and renderings. Each format implements `AnswerInputFormat` in its own files under
// Parsing/, Validation/ and Display/; this file holds the shared types and dispatches with a switch.

/// Context for turning typed text into answers: calendar and time zone for dates, "now" for relative dates, and the
/// participant's locale for dates typed in its order.
package struct AnswerParsingContext: Sendable {
    /// Calendar (with its time zone) used to read and show dates and times.
    package var calendar: Calendar
    /// The current instant.
    package var now: Date
    /// The participant's locale, whose numeric date forms are read besides ISO 8601 (docs/languages.md, "What is
    /// read"); nil reads ISO 8601 only. Never the process's locale: the command passes the language shown.
    package var locale: Locale?

    /// Creates a context.
    package init(calendar: Calendar, now: Date, locale: Locale? = nil) {
        self.calendar = calendar
        self.now = now
        self.locale = locale
    }
}

/// A rule of ResearchKit's that an answer format breaks.
package struct FormatProblem: Sendable, Hashable {
    /// Path inside the format, e.g. "scale" or "choices[2].value" (empty for the format itself).
    package var path: String
    /// What is wrong, e.g. "(max − min) must be divisible by step".
    package var reason: String

    /// Creates a problem.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

extension AnswerFormat {
    /// Parses and validates typed text into a typed answer.
    ///
    /// Leading and trailing whitespace is ignored; empty text fails with "an answer is needed: enter …".
    package func parse(_ text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            return .failure(AnswerInputError(.answerNeeded, accepted: acceptedInput(context: context)))
        }
        switch self {
        case .scale, .continuousScale, .numeric, .date, .timeOfDay, .timeInterval:
            // Numbers, dates and times typed with an East Asian input method (docs/languages.md, "What is read").
            return input.parse(trimmed: WidthFolding.folded(trimmed), context: context)
        case .textScale, .textChoice, .valuePicker, .boolean:
            // A label is matched as typed; a choice's number may be typed in fullwidth digits ("２" for choice 2).
            let typed = input.parse(trimmed: trimmed, context: context)
            let folded = WidthFolding.folded(trimmed)
            guard case .failure = typed, folded != trimmed else { return typed }
            let byNumber = input.parse(trimmed: folded, context: context)
            guard case .success = byNumber else { return typed }
            return byNumber
        case .text:
            return input.parse(trimmed: trimmed, context: context)
        }
    }

    /// Every ResearchKit rule this format breaks (empty when valid).
    package func validationProblems() -> [FormatProblem] { input.validationProblems() }

    /// The pre-set answer ResearchKit would give (nil when there is none or it is out of range).
    package var defaultAnswer: Answer? { input.defaultAnswer }

    /// What may be typed, as data.
    package func acceptedInput(context: AnswerParsingContext) -> AcceptedInput {
        input.acceptedInput(context: context)
    }

    /// What may be typed in English, e.g. "a whole number from 1 to 10".
    package func acceptedInputDescription(context: AnswerParsingContext) -> String {
        acceptedInput(context: context).text
    }

    /// Words offered by tab completion (choice labels, yes/no, …).
    package func completions(context: AnswerParsingContext) -> [String] { input.completions(context: context) }

    /// A short human rendering of an answer in this format, e.g. "Walk, Rest" or "1 h 30 min".
    package func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        input.displayText(for: answer, context: context)
    }

    /// The format's own implementation of the contract.
    private var input: any AnswerInputFormat {
        switch self {
        case .scale(let format): format
        case .continuousScale(let format): format
        case .textScale(let format): format
        case .textChoice(let format): format
        case .boolean(let format): format
        case .numeric(let format): format
        case .text(let format): format
        case .date(let format): format
        case .timeOfDay(let format): format
        case .timeInterval(let format): format
        case .valuePicker(let format): format
        }
    }
}
