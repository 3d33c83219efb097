import Foundation
import TestSupport

@testable import ResearchTasks

/// Pinned time for every answer-format test: UTC, 2026-11-21 14:30:00.
enum FormatFixture {
    /// Gregorian calendar in UTC.
    static let calendar: Calendar = Pinned.calendar("UTC")

    /// 2026-11-21T14:30:00Z.
    static let now = Date(timeIntervalSince1970: 1_795_271_400)

    /// The context all tests use.
    static let context = AnswerParsingContext(calendar: calendar, now: now)

    /// An instant in UTC.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
            ?? Date(timeIntervalSince1970: 0)
    }
}

extension AnswerFormat {
    /// Parses with the pinned context.
    func parsed(_ text: String) -> Result<Answer, AnswerInputError> { parse(text, context: FormatFixture.context) }

    /// The answer, or nil when parsing failed.
    func answer(_ text: String) -> Answer? { try? parsed(text).get() }

    /// The failure message, or nil when parsing succeeded.
    func message(_ text: String) -> String? {
        if case .failure(let error) = parsed(text) { return error.message }
        return nil
    }

    /// The accepted-input description with the pinned context.
    var accepted: String { acceptedInputDescription(context: FormatFixture.context) }

    /// The display text with the pinned context.
    func shown(_ answer: Answer) -> String { displayText(for: answer, context: FormatFixture.context) }

    /// The paths of the validation problems, in order.
    var problemPaths: [String] { validationProblems().map(\.path) }
}
