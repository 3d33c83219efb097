package import ResearchTasks

/// One choice question an outcome `sum:` adds up: where its answer is read, and the score of each choice.
package struct ScoredQuestion: Sendable, Hashable {
    /// Where the answer is read.
    package var path: ResultPath
    /// Each choice's value and score, in the survey's order.
    package var choices: [ScoredChoice]

    /// Creates a scored question.
    package init(path: ResultPath, choices: [ScoredChoice]) {
        self.path = path
        self.choices = choices
    }

    /// A task holding just `questions` (a form step per step of a `step/item` path, a question step otherwise),
    /// each a multiple choice of its scored choices: what a `sum:` score rule reads the answers through.
    static func task(of questions: [ScoredQuestion]) -> OrderedTask {
        var steps: [Step] = []
        for question in questions {
            let format = AnswerFormat.textChoice(
                TextChoiceFormat(
                    style: .multiple,
                    choices: question.choices.map {
                        TextChoice(text: $0.value.plainText, value: $0.value, score: $0.score)
                    }))
            let path = question.path
            if path.stepIdentifier == path.resultIdentifier {
                steps.append(
                    Step(identifier: path.stepIdentifier, content: .question(QuestionContent(answerFormat: format))))
                continue
            }
            let item = FormItem(identifier: path.resultIdentifier, answerFormat: format)
            if let index = steps.firstIndex(where: { $0.identifier == path.stepIdentifier }),
                case .form(var form) = steps[index].content
            {
                form.elements.append(.item(item))
                steps[index].content = .form(form)
            } else {
                steps.append(
                    Step(identifier: path.stepIdentifier, content: .form(FormContent(elements: [.item(item)]))))
            }
        }
        return OrderedTask(identifier: "sum", steps: steps)
    }
}

/// A choice value and its score (FHIR `ordinalValue`).
package struct ScoredChoice: Sendable, Hashable {
    /// The value stored when the choice is chosen.
    package var value: ChoiceValue
    /// Its score.
    package var score: Double

    /// Creates a scored choice.
    package init(value: ChoiceValue, score: Double) {
        self.value = value
        self.score = score
    }
}
