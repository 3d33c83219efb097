extension TextFormat {
    /// "text of at most 10 characters", or "any text"; a pattern without an invalid message (which would say what
    /// the text must look like) is named: "text matching the pattern ^[A-Z]{3}$".
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput {
        let named = invalidMessage == nil && compiledPattern != nil ? pattern : nil
        return .text(maximumLength: maximumLength > 0 ? maximumLength : nil, pattern: named)
    }

    /// The text itself.
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        answer.plainDisplayText(context: context)
    }
}
