/// Why an answer breaks its question's answer format. The same rules judge what a participant types and what a
/// result file holds (docs/answer-validation.md); the problem never carries the answer itself, only the format's
/// own bounds, so its text is safe to show anywhere.
package enum AnswerProblem: Sendable, Hashable {
    /// The answer is not of the kind the format records (e.g. a choice list for a scale).
    case wrongKind
    /// A fraction where the format takes whole numbers only.
    case notWhole
    /// More digits after the decimal point than the format keeps.
    case tooManyFractionDigits(allowed: Int)
    /// NaN: not a number at all.
    case notANumber
    /// Infinite, or beyond the magnitude any answer can have (`NumericFormat.magnitudeLimit`).
    case tooLarge(negative: Bool)
    /// Below the format's minimum, rendered as the format shows it ("1", "72 kg", "10%").
    case belowMinimum(String)
    /// Above the format's maximum, rendered as the format shows it.
    case aboveMaximum(String)
    /// A whole number between the bounds that is not on the scale's steps.
    case offStep(step: Int, from: Int)
    /// A value no choice of the format has.
    case notAChoice
    /// Several values for a single-choice question.
    case moreThanOneChoice
    /// The same choice twice.
    case repeatedChoice
    /// An exclusive choice together with others; the choice's label.
    case notCombinable(choice: String)
    /// Text that is empty once whitespace is trimmed.
    case emptyText
    /// Text longer than the format's maximum length, in UTF-16 code units as ResearchKit counts.
    case textTooLong(length: Int, maximum: Int)
    /// Text with no match of the format's pattern.
    case textNotMatching
    /// A date before the format's earliest, rendered ("date 2026-01-01" or "2026-01-01 10:00").
    case beforeEarliest(String)
    /// A date after the format's latest, rendered the same way.
    case afterLatest(String)
    /// An hour outside 0…23 or a minute outside 0…59.
    case timeOutOfRange
    /// A duration below zero.
    case negativeDuration
    /// A duration that is not a whole number of minutes.
    case notWholeMinutes
    /// A duration beyond `TimeIntervalFormat.longestMinutes`.
    case durationTooLong
    /// A duration that is not a multiple of the format's minute step.
    case notMultipleOfStep(minutes: Int)

    /// The problem as a clause about `subject` ("11" or "the answer"): "11 is above the maximum 10". Problems of
    /// text answers and of choice combinations name no subject, so the text is never repeated.
    package func text(subject: String) -> String {
        switch self {
        case .wrongKind: "\(subject) is not an answer to this kind of question"
        case .notWhole: "\(subject) is not a whole number"
        case .tooManyFractionDigits(let allowed):
            allowed == 0
                ? "\(subject) is not a whole number"
                : "\(subject) has more than \(allowed == 1 ? "1 decimal place" : "\(allowed) decimal places")"
        case .notANumber: "\(subject) is not a number"
        case .tooLarge(let negative): "\(subject) is too \(negative ? "small" : "large")"
        case .belowMinimum(let bound): "\(subject) is below the minimum \(bound)"
        case .aboveMaximum(let bound): "\(subject) is above the maximum \(bound)"
        case .offStep(let step, let from): "\(subject) is not on the scale (steps of \(step) from \(from))"
        case .notAChoice: "\(subject) is not one of the choices"
        case .moreThanOneChoice: "\(subject) is more than one choice"
        case .repeatedChoice: "\(subject) names a choice more than once"
        case .notCombinable(let choice): "\(choice) cannot be combined with other choices"
        case .emptyText: "the text is empty"
        case .textTooLong(let length, let maximum): "the text has \(length) characters, more than \(maximum)"
        case .textNotMatching: "the text is not in the expected form"
        case .beforeEarliest(let bound): "\(subject) is before the earliest \(bound)"
        case .afterLatest(let bound): "\(subject) is after the latest \(bound)"
        case .timeOutOfRange: "\(subject) is not a time from 00:00 to 23:59"
        case .negativeDuration: "\(subject) is negative"
        case .notWholeMinutes: "\(subject) is not a whole number of minutes"
        case .durationTooLong: "\(subject) is too long"
        case .notMultipleOfStep(let minutes): "\(subject) is not a multiple of \(minutes) minutes"
        }
    }
}
