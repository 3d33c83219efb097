import ResearchTasks

/// Participant-facing text for a session's refusal (names no answers).
enum SessionErrorMessage {
    /// The message for `error`.
    static func text(for error: SessionError) -> String {
        switch error {
        case .finished: "The task has already finished."
        case .answerRequired: "This question needs an answer (type help to see what you can enter)."
        case .cannotSkip: "This question can't be skipped; it needs an answer."
        case .cannotGoBack: "There is no earlier step to go back to."
        case .consentRequired: "The statement must be affirmed to continue: type yes, or quit to stop."
        case .inputDoesNotFit(_, let expected): "That doesn't fit here: expected \(expected)."
        }
    }
}
