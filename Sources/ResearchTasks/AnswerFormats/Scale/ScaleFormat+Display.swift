extension ScaleFormat {
    /// "a whole number from 1 to 10", or "… in steps of 10" when the step is above 1.
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput {
        .scale(minimum: minimum, maximum: maximum, step: step)
    }

    /// The number, e.g. "4".
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        answer.plainDisplayText(context: context)
    }
}
