extension TextChoiceFormat {
    /// "1–4 or a choice's name" or "one or more of 1–5, separated by commas".
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput {
        ChoiceList(choices: choices).acceptedInput(multiple: style == .multiple)
    }

    /// The choice texts in display order.
    func completions(context: AnswerParsingContext) -> [String] { ChoiceList(choices: choices).completions }

    /// "Walk, Rest".
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        ChoiceList(choices: choices).displayText(for: answer, context: context)
    }
}

extension TextScaleFormat {
    /// "1–5 or a choice's name".
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput {
        ChoiceList(choices: choices).acceptedInput(multiple: false)
    }

    /// The choice texts in display order.
    func completions(context: AnswerParsingContext) -> [String] { ChoiceList(choices: choices).completions }

    /// The chosen position's text.
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        ChoiceList(choices: choices).displayText(for: answer, context: context)
    }
}

extension ValuePickerFormat {
    /// "1–7 or a choice's name".
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput {
        ChoiceList(choices: choices).acceptedInput(multiple: false)
    }

    /// The choice texts in display order.
    func completions(context: AnswerParsingContext) -> [String] { ChoiceList(choices: choices).completions }

    /// The chosen value's text.
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        ChoiceList(choices: choices).displayText(for: answer, context: context)
    }
}
