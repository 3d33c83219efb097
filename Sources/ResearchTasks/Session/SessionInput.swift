/// One thing the participant did at a prompt, already interpreted and validated.
package enum SessionInput: Sendable, Hashable {
    /// A valid typed answer for the current question.
    case answer(Answer)
    /// Continue without an answer: acknowledges instructions, leaves an optional question unanswered.
    case noAnswer
    /// ResearchKit's Skip: the question gets a result with a nil answer.
    case skip
    /// Go back along the visit history.
    case back
    /// The participant's decision at a consent review's agreement: yes consents, no declines and ends the run.
    case consent(Bool)
    /// A name typed at a consent review (the given name, then the family name).
    case consentName(String)
    /// The choice picked (0-based) at a consent review's comprehension question.
    case consentChoice(Int)
    /// A finished range-of-motion measurement, and the recording it came from when there is one.
    case rangeOfMotion(RangeOfMotionResult, recording: FileResult?)
}

/// Why a session refused an input.
package enum SessionError: Error, Sendable, Hashable {
    /// The task has already finished.
    case finished
    /// The current question is required; nothing was given.
    case answerRequired(stepIdentifier: String, itemIdentifier: String?)
    /// `skip` was used where the question is not optional.
    case cannotSkip(stepIdentifier: String, itemIdentifier: String?)
    /// `back` was used at the first prompt.
    case cannotGoBack(stepIdentifier: String)
    /// The participant declined a consent that must be affirmed.
    case consentRequired(stepIdentifier: String)
    /// The input does not fit the prompt (e.g. an answer at an instruction).
    case inputDoesNotFit(stepIdentifier: String, expected: String)
}
