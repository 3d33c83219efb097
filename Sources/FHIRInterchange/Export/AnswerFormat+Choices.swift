import ResearchTasks

extension AnswerFormat {
    /// The choices of a choice-like format (text choice, text scale, value picker); none for the others.
    package var choiceList: [TextChoice] {
        switch self {
        case .textChoice(let choice): choice.choices
        case .textScale(let scale): scale.choices
        case .valuePicker(let picker): picker.choices
        default: []
        }
    }
}
