extension ScaleFormat {
    /// "a whole number from 1 to 10", or "… in steps of 10" when the step is above 1.
    func acceptedInputDescription(context: AnswerParsingContext) -> String {
        let range = "a whole number from \(minimum) to \(maximum)"
        return step > 1 ? "\(range) in steps of \(step)" : range
    }

    /// The number, e.g. "4".
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        answer.plainDisplayText(context: context)
    }
}
