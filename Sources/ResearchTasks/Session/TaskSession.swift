package import Foundation

/// The state machine of one task run: which prompt is current, what was answered, where navigation goes next.
/// Every input source (readline, a pipe, a replayed transcript) drives the same session; times come from the caller.
package struct TaskSession: Sendable {
    /// The task being run.
    package let task: OrderedTask
    /// Identifies this run.
    package let taskRunUUID: UUID
    /// When the run started.
    package let startDate: Date

    /// Step identifiers in visit order; the last one is the current step (ResearchKit's visit history).
    private var history: [String] = []
    /// Latest finished result per step identifier; kept after `back` to pre-fill revisits.
    private var stepResults: [String: StepResult] = [:]
    /// The current step, or nil when finished.
    private var current: Step?
    /// Index of the current item inside a form step.
    private var formIndex = 0
    /// Answers given so far on the current form step, with when they were given.
    private var formAnswers: [String: ItemAnswer] = [:]
    /// When the current step was presented.
    private var stepStart: Date
    /// The participant's time zone, recorded with date answers as ResearchKit records the system's.
    private let timeZone: TimeZone

    /// Creates a session positioned on the task's first step (skip rules applied); date answers record `timeZone`.
    package init(task: OrderedTask, taskRunUUID: UUID, startDate: Date, timeZone: TimeZone) {
        self.task = task
        self.timeZone = timeZone
        self.taskRunUUID = taskRunUUID
        self.startDate = startDate
        self.stepStart = startDate
        let empty = TaskResult(
            identifier: task.identifier, taskRunUUID: taskRunUUID, startDate: startDate, endDate: startDate)
        enter(task.step(after: nil, result: empty), at: startDate)
    }

    /// True once navigation has run past the last step.
    package var isFinished: Bool { current == nil }

    /// The result tree so far: one step result per visited, finished step, in visit order.
    package func result(endDate: Date) -> TaskResult {
        TaskResult(
            identifier: task.identifier, taskRunUUID: taskRunUUID, startDate: startDate, endDate: endDate,
            results: finishedHistory.compactMap { stepResults[$0] }
        )
    }

    /// The prompt waiting for input, or nil when the task is finished.
    package var prompt: Prompt? {
        guard let step = current else { return nil }
        let canGoBack = previousEnabledItem != nil || history.count > 1
        let progress = task.progress(ofStep: step.identifier)
        func make(_ item: PromptItem, canSkip: Bool, form: StepProgress? = nil, previous: Answer? = nil) -> Prompt {
            Prompt(
                step: step, item: item, progress: progress, formPosition: form, canSkip: canSkip,
                canGoBack: canGoBack, previousAnswer: previous
            )
        }
        switch step.content {
        case .instruction(let content):
            return make(.instruction(content), canSkip: false)
        case .completion(let content):
            return make(.completion(content), canSkip: false)
        case .consentReview(let content):
            return make(.consent(content), canSkip: false)
        case .rangeOfMotion(let content):
            return make(.rangeOfMotion(content), canSkip: step.isOptional)
        case .question(let question):
            let item = QuestionPromptItem(
                identifier: step.identifier, text: question.question, detailText: step.detailText,
                placeholder: question.placeholder, isOptional: step.isOptional, answerFormat: question.answerFormat
            )
            let previous = stepResults[step.identifier]?.questionResult(forIdentifier: step.identifier)?.answer
            return make(.question(item), canSkip: step.isOptional, previous: previous)
        case .form(let form):
            let items = form.items
            guard formIndex < items.count else { return nil }
            let formItem = items[formIndex]
            let item = QuestionPromptItem(
                identifier: formItem.identifier, text: formItem.fhir.shown(formItem.text),
                detailText: formItem.detailText,
                placeholder: formItem.placeholder, isOptional: formItem.isOptional, answerFormat: formItem.answerFormat,
                sectionTitles: form.sectionTitles(forItem: formItem.identifier)
            )
            let previous =
                formAnswers[formItem.identifier]?.answer
                ?? stepResults[step.identifier]?.questionResult(forIdentifier: formItem.identifier)?.answer
            return make(
                .question(item), canSkip: formItem.isOptional || step.isOptional,
                form: StepProgress(current: formIndex + 1, total: items.count), previous: previous
            )
        }
    }

    /// Applies one interpreted input at `date`; on error nothing changes and the same prompt stays current.
    package mutating func submit(_ input: SessionInput, at date: Date) throws(SessionError) {
        guard let step = current else { throw .finished }
        if input == .back { return try goBack(from: step, at: date) }
        switch step.content {
        case .instruction, .completion:
            guard input == .noAnswer else {
                throw .inputDoesNotFit(stepIdentifier: step.identifier, expected: "an empty line to continue")
            }
            finish(step, children: [], at: date)
        case .consentReview:
            guard case .consent(let agreed) = input else {
                throw .inputDoesNotFit(stepIdentifier: step.identifier, expected: "agreement to the consent")
            }
            guard agreed else { throw .consentRequired(stepIdentifier: step.identifier) }
            let consent = ConsentSignatureResult(
                identifier: step.identifier, startDate: stepStart, endDate: date, consented: true)
            finish(step, children: [.consentSignature(consent)], at: date)
        case .rangeOfMotion:
            switch input {
            case .rangeOfMotion(let measurement, let recording):
                finish(step, children: (recording.map { [.file($0)] } ?? []) + [.rangeOfMotion(measurement)], at: date)
            case .skip where step.isOptional:
                finish(step, children: [], at: date)
            case .skip:
                throw .cannotSkip(stepIdentifier: step.identifier, itemIdentifier: nil)
            default:
                throw .inputDoesNotFit(stepIdentifier: step.identifier, expected: "a range-of-motion measurement")
            }
        case .question(let question):
            try answerQuestionStep(step, format: question.answerFormat, input: input, at: date)
        case .form(let form):
            try answerFormItem(step, form: form, input: input, at: date)
        }
    }

    // MARK: - Questions

    private mutating func answerQuestionStep(
        _ step: Step, format: AnswerFormat, input: SessionInput, at date: Date
    ) throws(SessionError) {
        switch input {
        case .answer(let answer):
            let result = QuestionResult.make(
                step.identifier, format: format, answer: answer, start: stepStart, end: date, timeZone: timeZone)
            finish(step, children: [.question(result)], at: date)
        case .noAnswer:
            // Continue without answering: ResearchKit records no question result at all (docs/navigation.md, "Skipped
            // and missing results").
            guard step.isOptional else {
                throw .answerRequired(stepIdentifier: step.identifier, itemIdentifier: step.identifier)
            }
            finish(step, children: [], at: date)
        case .skip:
            // Skip: one question result with a nil answer (docs/navigation.md, "Skipped and missing results").
            guard step.isOptional else {
                throw .cannotSkip(stepIdentifier: step.identifier, itemIdentifier: step.identifier)
            }
            let result = QuestionResult.make(
                step.identifier, format: format, answer: nil, start: stepStart, end: date, timeZone: timeZone)
            finish(step, children: [.question(result)], at: date)
        default:
            throw .inputDoesNotFit(stepIdentifier: step.identifier, expected: "an answer to the question")
        }
    }

    private mutating func answerFormItem(_ step: Step, form: FormContent, input: SessionInput, at date: Date)
        throws(SessionError)
    {
        let items = form.items
        guard formIndex < items.count else { return finishForm(step, form: form, at: date) }
        let item = items[formIndex]
        switch input {
        case .answer(let answer):
            formAnswers[item.identifier] = ItemAnswer(answer: answer, date: date)
        case .noAnswer:
            guard item.isOptional else {
                throw .answerRequired(stepIdentifier: step.identifier, itemIdentifier: item.identifier)
            }
            formAnswers[item.identifier] = ItemAnswer(answer: nil, date: date)
        case .skip where item.isOptional:
            formAnswers[item.identifier] = ItemAnswer(answer: nil, date: date)
        case .skip where step.isOptional:
            // ResearchKit's form-level Skip: every item gets a nil answer, whatever was typed (docs/navigation.md,
            // "Skipped and missing results").
            formAnswers = [:]
            return finishForm(step, form: form, at: date)
        case .skip:
            throw .cannotSkip(stepIdentifier: step.identifier, itemIdentifier: item.identifier)
        default:
            throw .inputDoesNotFit(stepIdentifier: step.identifier, expected: "an answer to the question")
        }
        // Disabled items are passed over (docs/navigation.md, "Enabled when").
        let enabled = enabledItems(of: form, in: step, earlier: earlierResults(before: step))
        if let next = enabled.indices.first(where: { $0 > formIndex && enabled[$0] }) {
            formIndex = next
        } else {
            finishForm(step, form: form, at: date)
        }
    }

    private mutating func finishForm(_ step: Step, form: FormContent, at date: Date) {
        // One result per answerable item in item order; unanswered and disabled items get a nil answer dated at the
        // step's end (docs/navigation.md, "Skipped and missing results", "Enabled when").
        let enabled = enabledItems(of: form, in: step, earlier: earlierResults(before: step))
        let children = zip(form.items, enabled).map { item, isEnabled -> ChildResult in
            let given = isEnabled ? formAnswers[item.identifier] : nil
            let when = given?.date ?? date
            return .question(
                .make(
                    item.identifier, format: item.answerFormat, answer: given?.answer, start: when, end: when,
                    timeZone: timeZone))
        }
        finish(step, children: children, at: date)
    }

    // MARK: - Enabled items

    /// Whether each item of the form is asked, in item order: an item is enabled when its own and its groups'
    /// `enabledWhen` conditions hold against the earlier steps' results and the form's earlier items, a disabled
    /// item counting as unanswered (docs/navigation.md, "Enabled when").
    private func enabledItems(of form: FormContent, in step: Step, earlier: [StepResult]) -> [Bool] {
        var flags: [Bool] = []
        var children: [ChildResult] = []
        for item in form.items {
            let conditions = form.enablingConditions(forItem: item.identifier)
            var isEnabled = true
            if !conditions.isEmpty {
                let partial = StepResult(
                    identifier: step.identifier, startDate: stepStart, endDate: stepStart, results: children)
                let context = TaskResult(
                    identifier: task.identifier, taskRunUUID: taskRunUUID, startDate: startDate, endDate: stepStart,
                    results: earlier + [partial]
                )
                isEnabled = conditions.allSatisfy { $0.evaluate(in: context) }
            }
            flags.append(isEnabled)
            let answer = isEnabled ? formAnswers[item.identifier]?.answer : nil
            children.append(
                .question(
                    .make(
                        item.identifier, format: item.answerFormat, answer: answer, start: stepStart, end: stepStart,
                        timeZone: timeZone)))
        }
        return flags
    }

    /// The finished results of the steps visited before the current step, the step itself left out.
    private func earlierResults(before step: Step) -> [StepResult] {
        history.dropLast().filter { $0 != step.identifier }.compactMap { stepResults[$0] }
    }

    /// The enabled item before the current one on the current form, if any.
    private var previousEnabledItem: Int? {
        guard let step = current, case .form(let form) = step.content, formIndex > 0 else { return nil }
        let enabled = enabledItems(of: form, in: step, earlier: earlierResults(before: step))
        return enabled.indices.last { $0 < formIndex && enabled[$0] }
    }

    // MARK: - Moving between steps

    private mutating func finish(_ step: Step, children: [ChildResult], at date: Date) {
        stepResults[step.identifier] = StepResult(
            identifier: step.identifier, startDate: stepStart, endDate: date, results: children)
        // Navigation sees every visited step, the one just finished included.
        let ongoing = TaskResult(
            identifier: task.identifier, taskRunUUID: taskRunUUID, startDate: startDate, endDate: date,
            results: history.compactMap { stepResults[$0] }
        )
        enter(task.step(after: step.identifier, result: ongoing), at: date)
    }

    /// Makes `step` current; a form starts at its first enabled item, and a form whose items are all disabled is
    /// finished at once, every item with a nil answer (docs/navigation.md, "Enabled when").
    private mutating func enter(_ step: Step?, at date: Date) {
        current = step
        formIndex = 0
        formAnswers = [:]
        stepStart = date
        guard let step else { return }
        history.append(step.identifier)
        if case .form(let form) = step.content {
            let enabled = enabledItems(of: form, in: step, earlier: earlierResults(before: step))
            if let first = enabled.firstIndex(of: true) {
                formIndex = first
            } else {
                finishForm(step, form: form, at: date)
            }
        }
    }

    private mutating func goBack(from step: Step, at date: Date) throws(SessionError) {
        if let previousItem = previousEnabledItem {
            formIndex = previousItem
            return
        }
        // Back passes over forms whose items were all disabled (they were never on screen).
        var remaining = Array(history.dropLast())
        var target: Step?
        while target == nil, let identifier = remaining.popLast() {
            guard let candidate = task.step(withIdentifier: identifier) else {
                throw .cannotGoBack(stepIdentifier: step.identifier)
            }
            if case .form(let form) = candidate.content, !hasEnabledItem(form, candidate, earlier: remaining) {
                continue
            }
            target = candidate
        }
        guard let previous = target else { throw .cannotGoBack(stepIdentifier: step.identifier) }
        history = Array(remaining)
        current = previous
        formIndex = 0
        formAnswers = [:]
        stepStart = date
        history.append(previous.identifier)
        if case .form(let form) = previous.content {
            if let earlier = stepResults[previous.identifier] {
                // Return to the form's last enabled item with its earlier answers kept, so going back feels like paging
                // back.
                for child in earlier.results {
                    if case .question(let question) = child {
                        formAnswers[question.identifier] = ItemAnswer(answer: question.answer, date: question.endDate)
                    }
                }
            }
            let enabled = enabledItems(of: form, in: previous, earlier: earlierResults(before: previous))
            formIndex = enabled.lastIndex(of: true) ?? 0
        }
    }

    /// Whether some item of the form would be asked after the given earlier steps (an empty form answer set).
    private func hasEnabledItem(_ form: FormContent, _ step: Step, earlier identifiers: [String]) -> Bool {
        let earlier = identifiers.filter { $0 != step.identifier }.compactMap { stepResults[$0] }
        return enabledItems(of: form, in: step, earlier: earlier).contains(true)
    }

    /// Visited steps that are finished (the current one is not yet).
    private var finishedHistory: [String] {
        current == nil ? history : Array(history.dropLast())
    }
}

/// An answer given to one form item, and when.
private struct ItemAnswer: Sendable {
    var answer: Answer?
    var date: Date
}
