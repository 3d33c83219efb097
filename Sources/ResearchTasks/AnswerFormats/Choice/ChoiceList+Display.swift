extension ChoiceList {
    /// "1–4 or a choice's name" (one choice) or "one or more of 1–5, separated by commas" (several), with a
    /// hint for the "other" choice's free text when there is one.
    func acceptedInput(multiple: Bool) -> AcceptedInput {
        guard !choices.isEmpty else { return .noChoices }
        return .choices(numbers: numberRange, count: choices.count, several: multiple, other: otherNumber)
    }

    /// The choice texts in display order.
    var completions: [String] { choices.map(\.text) }

    /// "Walk, Rest": each value's choice text, or the value itself (an "other" choice's free text).
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        guard case .choices(let values) = answer else { return answer.plainDisplayText(context: context) }
        return values.map { value in
            choices.first { $0.value.matches(value) }?.text ?? value.plainText
        }.joined(separator: ", ")
    }
}
