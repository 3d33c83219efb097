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
