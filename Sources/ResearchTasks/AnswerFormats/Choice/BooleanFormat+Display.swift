extension BooleanFormat {
    /// "yes or no", or the custom labels: "Agree (yes) or Disagree (no)".
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput {
        if yesLabel == "Yes", noLabel == "No" { return .yesOrNo }
        return .labelledYesOrNo(yes: yesLabel, no: noLabel)
    }

    /// The labels, yes first.
    func completions(context: AnswerParsingContext) -> [String] { [yesLabel, noLabel] }

    /// "Yes"/"No" or the custom label.
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        switch answer {
        case .boolean(let value): value ? yesLabel : noLabel
        default: answer.plainDisplayText(context: context)
        }
    }
}
