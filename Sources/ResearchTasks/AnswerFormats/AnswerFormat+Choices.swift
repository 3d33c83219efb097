extension AnswerFormat {
    /// The choices of a choice-like format (text choice, text scale, value picker), or nil for other formats.
    package var choices: [TextChoice]? {
        switch self {
        case .textChoice(let format): format.choices
        case .textScale(let format): format.choices
        case .valuePicker(let format): format.choices
        default: nil
        }
    }
}

extension AnswerFormat {
    /// The format with each choice's text (and detail) passed through `transform`; other formats as they are.
    package func mappingChoiceTexts(_ transform: (String) -> String) -> AnswerFormat {
        func mapped(_ choices: [TextChoice]) -> [TextChoice] {
            choices.map { choice in
                var choice = choice
                choice.text = transform(choice.text)
                choice.detailText = choice.detailText.map(transform)
                return choice
            }
        }
        switch self {
        case .textChoice(var format):
            format.choices = mapped(format.choices)
            return .textChoice(format)
        case .textScale(var format):
            format.choices = mapped(format.choices)
            return .textScale(format)
        case .valuePicker(var format):
            format.choices = mapped(format.choices)
            return .valuePicker(format)
        default:
            return self
        }
    }
}
