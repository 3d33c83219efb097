extension TextChoiceFormat {
    /// One choice (single style) or several separated by commas (multiple style), by number, text or value.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        let accepted = acceptedInput(context: context)
        let list = ChoiceList(choices: choices)
        switch style {
        case .single: return list.parseSingle(text, accepted: accepted)
        case .multiple: return list.parseMultiple(text, accepted: accepted)
        }
    }
}

extension TextScaleFormat {
    /// One position, by number, text or value → `.choices([value])`.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        ChoiceList(choices: choices).parseSingle(text, accepted: acceptedInput(context: context))
    }
}

extension ValuePickerFormat {
    /// One value, by number, text or value → `.choices([value])`.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        ChoiceList(choices: choices).parseSingle(text, accepted: acceptedInput(context: context))
    }
}
