import FHIRPath
package import Foundation
import RegimenFoundation

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
    /// What expressions read besides the answers: the zone and the previous run (docs/expressions.md).
    private let environment: ExpressionEnvironment
    /// What the task's expressions and conditions read: which calculated items must be current after every answer.
    private let reads: ExpressionReads
    /// The instant of the latest input (the run's start before any): what `now()` reads.
    private var latest: Date
    /// Calculated items passed since the last input, shown with the next prompt.
    private var passedCalculated: [CalculatedLine] = []
    /// The page of the current consent review, and what was typed on it (docs/consent.md, "The consent run").
    private var consent = ConsentProgress()

    /// Creates a session positioned on the task's first step (skip rules applied); date answers record `timeZone`.
    /// `previous` is the previous completed run of the same survey version (`%previous`, `initial: previous`).
    package init(task: OrderedTask, taskRunUUID: UUID, startDate: Date, timeZone: TimeZone, previous: TaskResult? = nil)
    {
        self.task = task
        self.timeZone = timeZone
        self.environment = ExpressionEnvironment(timeZone: timeZone, previous: previous)
        self.reads = ExpressionReads(task)
        self.latest = startDate
        self.taskRunUUID = taskRunUUID
        self.startDate = startDate
        self.stepStart = startDate
        let empty = TaskResult(
            identifier: task.identifier, taskRunUUID: taskRunUUID, startDate: startDate, endDate: startDate)
        enter(task.step(after: nil, result: empty, expressions: evaluator), at: startDate)
    }

    /// The evaluator of the task's expressions at the latest input.
    private var evaluator: ExpressionEvaluator {
        ExpressionEvaluator(task: task, environment: environment, now: latest)
    }

    /// True once navigation has run past the last step.
    package var isFinished: Bool { current == nil }

    /// Once finished, the calculated items passed after the last prompt (a total after a form's last question),
    /// which no prompt will show; empty before.
    package var calculatedLinesAtEnd: [CalculatedLine] { current == nil ? passedCalculated : [] }

    /// The result tree so far: one step result per visited, finished step, in visit order.
    package func result(endDate: Date) -> TaskResult {
        TaskResult(
            identifier: task.identifier, taskRunUUID: taskRunUUID, startDate: startDate, endDate: endDate,
            results: finishedHistory.compactMap { stepResults[$0] }
        )
    }

    /// The prompt waiting for input, or nil when the task is finished.
    package var prompt: Prompt? {
        guard let shownStep = current else { return nil }
        let canGoBack = previousEnabledItem != nil || history.count > 1
        let progress = task.progress(ofStep: shownStep.identifier)
        // Expressions (piping, initial values) see the answers so far, the current form's included.
        let scope = needsScope(shownStep) ? evaluator.scope(of: ongoingResult(shownStep)) : nil
        let step = scope.map { piped(shownStep, scope: $0) } ?? shownStep
        let lines = passedCalculated
        func make(
            _ item: PromptItem, canSkip: Bool, form: StepProgress? = nil, previous: Answer? = nil,
            initial: InitialValue? = nil, itemIdentifier: String? = nil, format: AnswerFormat? = nil,
            canGoBackHere: Bool = false
        ) -> Prompt {
            var prefill: Prefill?
            if previous == nil, let initial, let itemIdentifier, let format {
                prefill = self.prefill(initial, item: itemIdentifier, format: format, scope: scope)
            }
            return Prompt(
                step: step, item: item, progress: progress, formPosition: form, canSkip: canSkip,
                canGoBack: canGoBack || canGoBackHere, previousAnswer: previous, prefill: prefill,
                calculatedLines: lines
            )
        }
        switch step.content {
        case .instruction(let content):
            return make(.instruction(content), canSkip: false)
        case .completion(let content):
            return make(.completion(content), canSkip: false)
        case .consentReview(let content):
            let page = ConsentPrompt(content: content, stage: consent.stage, isShownAgain: consent.returnTo != nil)
            return make(
                .consent(page), canSkip: false, canGoBackHere: consent.stage != ConsentProgress.first(content))
        case .rangeOfMotion(let content):
            return make(.rangeOfMotion(content), canSkip: step.isOptional)
        case .question(let question):
            let item = QuestionPromptItem(
                identifier: step.identifier, text: pipe(question.question, scope), detailText: step.detailText,
                placeholder: question.placeholder, isOptional: step.isOptional,
                answerFormat: pipe(question.answerFormat, scope)
            )
            let previous = stepResults[step.identifier]?.questionResult(forIdentifier: step.identifier)?.answer
            return make(
                .question(item), canSkip: step.isOptional, previous: previous, initial: question.initial,
                itemIdentifier: step.identifier, format: question.answerFormat)
        case .form(let form):
            let items = form.items
            guard formIndex < items.count else { return nil }
            let formItem = items[formIndex]
            let item = QuestionPromptItem(
                identifier: formItem.identifier, text: formItem.fhir.shown(pipe(formItem.text, scope)),
                detailText: pipe(formItem.detailText, scope),
                placeholder: formItem.placeholder, isOptional: formItem.isOptional,
                answerFormat: pipe(formItem.answerFormat, scope),
                sectionTitles: form.sectionTitles(forItem: formItem.identifier) { pipe($0, scope) ?? $0 }
            )
            let previous =
                formAnswers[formItem.identifier]?.answer
                ?? stepResults[step.identifier]?.questionResult(forIdentifier: formItem.identifier)?.answer
            return make(
                .question(item), canSkip: formItem.isOptional || step.isOptional,
                form: StepProgress(current: formIndex + 1, total: items.count), previous: previous,
                initial: formItem.initial, itemIdentifier: formItem.identifier, format: formItem.answerFormat
            )
        }
    }

    /// Applies one interpreted input at `date`; on error nothing changes and the same prompt stays current.
    package mutating func submit(_ input: SessionInput, at date: Date) throws(SessionError) {
        guard let step = current else { throw .finished }
        let shown = passedCalculated
        passedCalculated = []
        latest = date
        do {
            try apply(input, to: step, at: date)
        } catch {
            passedCalculated = shown
            throw error
        }
    }

    private mutating func apply(_ input: SessionInput, to step: Step, at date: Date) throws(SessionError) {
        if input == .back {
            if case .consentReview(let content) = step.content, consent.goBack(in: content) { return }
            return try goBack(from: step, at: date)
        }
        switch step.content {
        case .instruction, .completion:
            guard input == .noAnswer else {
                throw .inputDoesNotFit(stepIdentifier: step.identifier, expected: "an empty line to continue")
            }
            finish(step, children: [], at: date)
        case .consentReview(let content):
            guard let agreed = try consent.apply(input, in: content, step: step.identifier) else { return }
            // A decline keeps nothing typed, the name included, and ends the run (docs/consent.md).
            let signature = ConsentSignature(
                identifier: step.identifier, givenName: consent.givenName, familyName: consent.familyName,
                signatureDate: CivilDate(
                    dayNumber: CivilDate.floorDivide(
                        Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date), 86_400)
                ).text)
            let result = ConsentSignatureResult(
                identifier: step.identifier, startDate: stepStart, endDate: date, consented: agreed,
                signature: agreed ? signature : nil,
                document: ConsentDocumentReference(
                    identifier: content.document.identifier, version: content.document.version,
                    digest: content.digest, language: content.document.language))
            guard agreed else {
                stepResults[step.identifier] = StepResult(
                    identifier: step.identifier, startDate: stepStart, endDate: date,
                    results: [.consentSignature(result)])
                consent = ConsentProgress()
                current = nil
                return
            }
            finish(step, children: [.consentSignature(result)], at: date)
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
        // Disabled and calculated items are passed over (docs/navigation.md, "Enabled when"); calculated ones are
        // recomputed from the answers now given and shown.
        recomputeCalculated(form, in: step, at: date)
        let asked = askedItems(of: form, in: step)
        let next = asked.indices.first { $0 > formIndex && asked[$0] }
        let passed = min(formIndex + 1, items.count)..<(next ?? items.count)
        recomputeCalculated(form, in: step, at: date, passing: passed)
        noteCalculated(form, in: step, from: passed.lowerBound, to: passed.upperBound)
        if let next {
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

    /// Whether each item of the form is put to the participant: enabled and not calculated.
    private func askedItems(of form: FormContent, in step: Step) -> [Bool] {
        zip(form.items, enabledItems(of: form, in: step, earlier: earlierResults(before: step))).map {
            $1 && $0.calculated == nil
        }
    }

    /// Whether each item of the form is asked, in item order: an item is enabled when its own and its groups'
    /// `enabledWhen` conditions hold against the earlier steps' results and the form's earlier items, a disabled
    /// item counting as unanswered (docs/navigation.md, "Enabled when").
    private func enabledItems(of form: FormContent, in step: Step, earlier: @autoclosure () -> [StepResult]) -> [Bool] {
        let items = form.items
        guard form.hasConditions else { return Array(repeating: true, count: items.count) }
        let earlier = earlier()
        var flags: [Bool] = []
        var children: [ChildResult] = []
        for (index, item) in items.enumerated() {
            let conditions = form.enablingConditions(atItem: index)
            var isEnabled = true
            if !conditions.isEmpty {
                let partial = StepResult(
                    identifier: step.identifier, startDate: stepStart, endDate: stepStart, results: children)
                let context = TaskResult(
                    identifier: task.identifier, taskRunUUID: taskRunUUID, startDate: startDate, endDate: stepStart,
                    results: earlier + [partial]
                )
                isEnabled = conditions.allSatisfy { $0.evaluate(in: context, expressions: evaluator) }
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

    /// The asked item before the current one on the current form, if any.
    private var previousEnabledItem: Int? {
        guard let step = current, case .form(let form) = step.content, formIndex > 0 else { return nil }
        let asked = askedItems(of: form, in: step)
        return asked.indices.last { $0 < formIndex && asked[$0] }
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
        enter(task.step(after: step.identifier, result: ongoing, expressions: evaluator), at: date)
    }

    /// Makes `step` current; a form starts at its first enabled item, and a form whose items are all disabled is
    /// finished at once, every item with a nil answer (docs/navigation.md, "Enabled when").
    private mutating func enter(_ step: Step?, at date: Date) {
        current = step
        consent = ConsentProgress()
        formIndex = 0
        formAnswers = [:]
        stepStart = date
        guard let step else { return }
        if case .consentReview(let content) = step.content { consent = ConsentProgress(starting: content) }
        history.append(step.identifier)
        switch step.content {
        case .form(let form):
            recomputeCalculated(form, in: step, at: date)
            let asked = askedItems(of: form, in: step)
            let first = asked.firstIndex(of: true)
            recomputeCalculated(form, in: step, at: date, passing: 0..<(first ?? form.items.count))
            noteCalculated(form, in: step, from: 0, to: first ?? form.items.count)
            if let first {
                formIndex = first
            } else {
                finishForm(step, form: form, at: date)
            }
        case .question(let question):
            // A calculated question is never asked: its value is shown and stored as its answer.
            guard let expression = question.calculated else { return }
            let scope = evaluator.scope(of: ongoingResult(step))
            let value = scope.evaluate(expression).answer(format: question.answerFormat)
            passedCalculated.append(
                CalculatedLine(
                    identifier: step.identifier, text: pipe(question.question ?? step.title, scope), answer: value,
                    answerFormat: question.answerFormat))
            let result = QuestionResult.make(
                step.identifier, format: question.answerFormat, answer: value, start: date, end: date,
                timeZone: timeZone)
            finish(step, children: [.question(result)], at: date)
        case .instruction, .completion, .consentReview, .rangeOfMotion:
            return
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
            // Back passes over calculated questions too (they were shown, not asked).
            if case .question(let question) = candidate.content, question.calculated != nil { continue }
            target = candidate
        }
        guard let previous = target else { throw .cannotGoBack(stepIdentifier: step.identifier) }
        history = Array(remaining)
        current = previous
        consent = ConsentProgress()
        if case .consentReview(let content) = previous.content { consent = ConsentProgress(starting: content) }
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
            formIndex = askedItems(of: form, in: previous).lastIndex(of: true) ?? 0
        }
    }

    /// Whether some item of the form would be asked after the given earlier steps (an empty form answer set).
    private func hasEnabledItem(_ form: FormContent, _ step: Step, earlier identifiers: [String]) -> Bool {
        let earlier = identifiers.filter { $0 != step.identifier }.compactMap { stepResults[$0] }
        return zip(form.items, enabledItems(of: form, in: step, earlier: earlier)).contains {
            $1 && $0.calculated == nil
        }
    }

    // MARK: - Expressions

    /// Whether the prompt of `step` evaluates anything: piped texts or an initial value.
    private func needsScope(_ step: Step) -> Bool {
        if !task.expressions.templates.isEmpty { return true }
        switch step.content {
        case .question(let question): return question.initial != nil
        case .form(let form): return formIndex < form.items.count && form.items[formIndex].initial != nil
        default: return false
        }
    }

    /// The run so far as expressions see it at `step`: the earlier steps' results, and the answers given on `step`
    /// when it is the current form.
    private func ongoingResult(_ step: Step) -> TaskResult {
        var results = earlierResults(before: step)
        if case .form(let form) = step.content, current?.identifier == step.identifier {
            let children = form.items.compactMap { item -> ChildResult? in
                guard let given = formAnswers[item.identifier] else { return nil }
                return .question(
                    .make(
                        item.identifier, format: item.answerFormat, answer: given.answer, start: given.date,
                        end: given.date, timeZone: timeZone))
            }
            results.append(
                StepResult(identifier: step.identifier, startDate: stepStart, endDate: latest, results: children))
        }
        return TaskResult(
            identifier: task.identifier, taskRunUUID: taskRunUUID, startDate: startDate, endDate: latest,
            results: results)
    }

    /// `text` with its `{{…}}` filled in (docs/expressions.md, "Piping"); as written when it holds none.
    private func pipe(_ text: String?, _ scope: ExpressionScope?) -> String? {
        guard let text, let scope, let template = task.expressions.templates[text] else { return text }
        return scope.render(template)
    }

    /// The format with its choices' texts piped.
    private func pipe(_ format: AnswerFormat, _ scope: ExpressionScope?) -> AnswerFormat {
        guard scope != nil, !task.expressions.templates.isEmpty, format.choices != nil else { return format }
        return format.mappingChoiceTexts { pipe($0, scope) ?? $0 }
    }

    /// The step with its title, text, detail and footnote piped.
    private func piped(_ step: Step, scope: ExpressionScope) -> Step {
        guard !task.expressions.templates.isEmpty else { return step }
        var step = step
        step.title = pipe(step.title, scope)
        step.text = pipe(step.text, scope)
        step.detailText = pipe(step.detailText, scope)
        step.footnote = pipe(step.footnote, scope)
        return step
    }

    /// The pre-filled answer of a question with `initial`: the previous run's answer to it, or the expression's
    /// value; nil when there is none that fits the format.
    private func prefill(_ initial: InitialValue, item: String, format: AnswerFormat, scope: ExpressionScope?)
        -> Prefill?
    {
        switch initial {
        case .previous:
            guard let step = current,
                let answer = environment.previous?.stepResult(forStep: step.identifier)?
                    .questionResult(forIdentifier: item)?.answer
            else { return nil }
            return Prefill(answer: answer, isFromPreviousRun: true)
        case .expression(let expression):
            guard let scope, let answer = scope.evaluate(expression).answer(format: format) else { return nil }
            return Prefill(answer: answer, isFromPreviousRun: false)
        }
    }

    /// Computes the current form's enabled calculated items in item order, each seeing the answers and calculated
    /// values before it; a disabled one has no value. `passing` nil computes those something reads (after every
    /// answer, so what reads them sees them current); a range computes the others the participant passes there
    /// (an item reads only items before it, so its value is final once passed).
    private mutating func recomputeCalculated(
        _ form: FormContent, in step: Step, at date: Date, passing: Range<Int>? = nil
    ) {
        let items = form.items
        let chosen = items.indices.filter { index in
            let item = items[index]
            guard item.calculated != nil else { return false }
            let isRead = reads.reads(identifier: item.identifier, linkId: item.linkId)
            return passing.map { !isRead && $0.contains(index) } ?? isRead
        }
        guard !chosen.isEmpty else { return }
        let enabled = enabledItems(of: form, in: step, earlier: earlierResults(before: step))
        for index in chosen {
            let item = items[index]
            guard let expression = item.calculated, enabled[index] else {
                formAnswers[item.identifier] = nil
                continue
            }
            let scope = evaluator.scope(of: ongoingResult(step))
            let answer = scope.evaluate(expression).answer(format: item.answerFormat)
            formAnswers[item.identifier] = ItemAnswer(answer: answer, date: date)
        }
    }

    /// Notes the enabled calculated items of the current form at positions `from..<to` to be shown.
    private mutating func noteCalculated(_ form: FormContent, in step: Step, from start: Int, to end: Int) {
        let items = form.items
        guard start < end, items.contains(where: { $0.calculated != nil }) else { return }
        let enabled = enabledItems(of: form, in: step, earlier: earlierResults(before: step))
        let scope = task.expressions.templates.isEmpty ? nil : evaluator.scope(of: ongoingResult(step))
        for index in start..<min(end, items.count) where enabled[index] && items[index].calculated != nil {
            let item = items[index]
            passedCalculated.append(
                CalculatedLine(
                    identifier: item.identifier, text: item.fhir.shown(pipe(item.text, scope)),
                    answer: formAnswers[item.identifier]?.answer, answerFormat: item.answerFormat))
        }
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

extension Result where Success == [FHIRPathValue], Failure == FHIRPathEvaluationError {
    /// The answer the value gives a question of `format`; nil for an evaluation error or a value that does not fit.
    fileprivate func answer(format: AnswerFormat) -> Answer? {
        guard case .success(let values) = self else { return nil }
        return Answer(expressionValue: values, format: format)
    }
}
