extension BooleanFormat {
    /// ResearchKit shows "Yes"/"No" when a label is missing or empty (docs/answer-formats.md, "Formats and their
    /// checks").
    var yesLabel: String { yesText.flatMap { $0.isEmpty ? nil : $0 } ?? "Yes" }
    /// The label for no.
    var noLabel: String { noText.flatMap { $0.isEmpty ? nil : $0 } ?? "No" }

    /// yes/no/y/n/true/false or the custom labels, case-insensitive → `.boolean`.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        let word = text.lowercased()
        let yesWords: Set<String> = ["yes", "y", "true", yesLabel.lowercased()]
        let noWords: Set<String> = ["no", "n", "false", noLabel.lowercased()]
        let isYes = yesWords.contains(word)
        let isNo = noWords.contains(word)
        // A custom label may collide with the other side's words ("No" as the yes label): then it is ambiguous.
        if isYes != isNo { return .success(.boolean(isYes)) }
        return .failure(
            AnswerInputError(
                .notAccepted(typed: AnswerInputError.echo(text)), accepted: acceptedInput(context: context)))
    }

    /// None of ResearchKit's rules apply to a boolean format.
    func validationProblems() -> [FormatProblem] { [] }
}
