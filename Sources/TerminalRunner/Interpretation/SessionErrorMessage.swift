import ParticipantWords
import ResearchTasks

/// Participant-facing text for a session's refusal (names no answers), in the participant's language.
enum SessionErrorMessage {
    /// The message for `error`.
    static func text(for error: SessionError, words: Words = .english) -> String {
        switch error {
        case .finished: words(.sessionFinished)
        case .answerRequired: words(.sessionAnswerRequired)
        case .cannotSkip: words(.sessionCannotSkip)
        case .cannotGoBack: words(.noEarlierStep)
        case .consentRequired: words(.sessionConsentRequired)
        case .inputDoesNotFit(_, let expected): words(.sessionInputDoesNotFit, expected)
        }
    }
}
