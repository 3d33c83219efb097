import ResearchTasks

/// What a task's steps make available to rules and outcome paths: step ids and every result they produce.
struct TaskIndex: Sendable {
    /// What kind of result a (step, result) pair is.
    enum ResultKind: Sendable, Hashable {
        /// A question result with this answer format.
        case answer(AnswerFormat)
        /// The consent review's result.
        case consent
        /// A range-of-motion result.
        case rangeOfMotion
        /// A result whose step or item is broken (already reported); it accepts any use, so that one
        /// mistake is not reported again by every rule or outcome naming it.
        case unknown
    }

    /// A (step id, result id) pair.
    struct ResultKey: Sendable, Hashable {
        var step: String
        var result: String
    }

    /// The task's step identifiers.
    var stepIdentifiers: Set<String> = []
    /// The results the steps produce.
    var results: [ResultKey: ResultKind] = [:]

    init(steps: [Step], brokenResults: [ResultKey] = []) {
        for step in steps {
            stepIdentifiers.insert(step.identifier)
            let id = step.identifier
            switch step.content {
            case .question(let question): results[ResultKey(step: id, result: id)] = .answer(question.answerFormat)
            case .form(let form):
                for item in form.items {
                    results[ResultKey(step: id, result: item.identifier)] = .answer(item.answerFormat)
                }
            case .consentReview: results[ResultKey(step: id, result: id)] = .consent
            case .rangeOfMotion: results[ResultKey(step: id, result: id)] = .rangeOfMotion
            case .instruction, .completion: break
            }
        }
        for key in brokenResults { results[key] = .unknown }
    }

    /// The result kind at a key, if the task produces it.
    func result(step: String, result: String) -> ResultKind? {
        results[ResultKey(step: step, result: result)]
    }
}
