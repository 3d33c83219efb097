extension TextFormat {
    /// "text of at most 10 characters", or "any text"; a pattern without an invalid message (which would say what
    /// the text must look like) is named: "text matching the pattern ^[A-Z]{3}$".
    func acceptedInputDescription(context: AnswerParsingContext) -> String {
        var described = maximumLength > 0 ? "text of at most \(Plural.count(maximumLength, "character"))" : "any text"
        if let pattern, invalidMessage == nil, compiledPattern != nil {
            described = (maximumLength > 0 ? described + " " : "text ") + "matching the pattern \(pattern)"
        }
        return described
    }

    /// The text itself.
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        answer.plainDisplayText(context: context)
    }
}
