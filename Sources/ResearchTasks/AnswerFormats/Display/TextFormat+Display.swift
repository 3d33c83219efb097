extension TextFormat {
    /// "text of at most 10 characters", or "any text".
    func acceptedInputDescription(context: AnswerParsingContext) -> String {
        maximumLength > 0 ? "text of at most \(Plural.count(maximumLength, "character"))" : "any text"
    }

    /// The text itself.
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        answer.plainDisplayText(context: context)
    }
}
