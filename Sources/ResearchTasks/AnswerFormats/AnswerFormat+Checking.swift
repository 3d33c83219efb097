extension AnswerFormat {
    /// Every rule of the format that `answer` breaks (empty when it is acceptable), whether it was typed or read
    /// from a result file; the rules are in docs/answer-validation.md.
    package func problems(with answer: Answer, context: AnswerParsingContext) -> [AnswerProblem] {
        switch (self, answer) {
        case (.scale(let format), .scale(let number)): format.problem(with: number).map { [$0] } ?? []
        case (.continuousScale(let format), .scale(let number)): format.problem(with: number).map { [$0] } ?? []
        case (.numeric(let format), .numeric(let number)): format.problem(with: number).map { [$0] } ?? []
        case (.textScale(let format), .choices(let values)):
            ChoiceList(choices: format.choices).problem(with: values, singleChoice: true).map { [$0] } ?? []
        case (.valuePicker(let format), .choices(let values)):
            ChoiceList(choices: format.choices).problem(with: values, singleChoice: true).map { [$0] } ?? []
        case (.textChoice(let format), .choices(let values)):
            ChoiceList(choices: format.choices).problem(with: values, singleChoice: format.style == .single)
                .map { [$0] } ?? []
        case (.boolean, .boolean): []
        case (.text(let format), .text(let text)): format.problems(with: text)
        case (.date(let format), .date(let date)): format.problem(with: date, context: context).map { [$0] } ?? []
        case (.timeOfDay(let format), .timeOfDay(let time)): format.problem(with: time).map { [$0] } ?? []
        case (.timeInterval(let format), .timeInterval(let seconds)): format.problem(with: seconds).map { [$0] } ?? []
        default: [.wrongKind]
        }
    }
}
