import Catalog
import OutcomeMapping
import RegimenFoundation
import ResearchTasks
import StudyDatabase

/// When a declared variable's question is asked, from the survey's conditions (docs/redcap.md, "Branching logic"):
/// a form item's `enabledWhen` and its groups', the step's skip rule negated, and every forward navigation rule
/// before the step negated where it jumps past it. Conditions on results that are no variable of the task, on
/// another task, on "I don't know", by regular expression, text order, dates, times of day, consent or expression
/// are inexpressible, with the reason; so is a loop (a rule going back).
struct PublishedConditions {
    /// The task the conditions are read from.
    let task: OrderedTask
    /// The kind of the variable each (step, result) answer is, for the task's declared answers.
    let kinds: [ResultPath: String]

    /// The conditions of `entry`'s task.
    init(_ entry: CatalogEntry) {
        task = entry.task
        var kinds: [ResultPath: String] = [:]
        for outcome in entry.outcomes {
            guard case .answer(let path) = outcome.source, path.field == nil, kinds[path] == nil else { continue }
            kinds[path] = outcome.kind
        }
        self.kinds = kinds
    }

    /// When the question at `path` is asked; nil when always.
    func shownWhen(_ path: ResultPath) -> PublishedCondition? {
        guard let stepIndex = task.index(ofStep: path.stepIdentifier) else { return nil }
        let step = task.steps[stepIndex]
        var parts: [PublishedCondition] = []
        if case .form(let form) = step.content {
            parts += form.enablingConditions(forItem: path.resultIdentifier).map { condition($0) }
        }
        if let skip = task.skipRules[step.identifier] {
            parts.append(Self.negated(condition(skip.predicate)))
        }
        for (triggerIndex, trigger) in task.steps.enumerated() where triggerIndex < stepIndex {
            guard let rule = task.navigationRules[trigger.identifier] else { continue }
            if let passing = passing(rule, trigger: triggerIndex, step: stepIndex) {
                parts.append(Self.negated(passing))
            }
        }
        switch parts.count {
        case 0: return nil
        case 1: return parts[0]
        default: return .all(parts)
        }
    }

    /// When `rule` (after the step at `trigger`) jumps past the step at `step`; nil when it never does.
    private func passing(_ rule: NavigationRule, trigger: Int, step: Int) -> PublishedCondition? {
        func jumpsPast(_ destination: String) -> Bool {
            guard let index = task.index(ofStep: destination) else { return true }  // `end`, or unknown: ends
            return index > step
        }
        func loops(_ destination: String) -> Bool {
            task.index(ofStep: destination).map { $0 <= trigger } ?? false
        }
        switch rule {
        case .direct(let destination):
            if loops(destination) { return .inexpressible(reason: "a navigation rule going back to an earlier step") }
            return jumpsPast(destination)
                ? .inexpressible(reason: "a navigation rule that always jumps past the question") : nil
        case .predicate(let pairs, let defaultDestination):
            let destinations = pairs.map(\.destination) + (defaultDestination.map { [$0] } ?? [])
            if destinations.contains(where: loops) {
                return .inexpressible(reason: "a navigation rule going back to an earlier step")
            }
            var ways: [PublishedCondition] = []
            var earlier: [PublishedCondition] = []
            for pair in pairs {
                let holds = condition(pair.predicate)
                if jumpsPast(pair.destination) { ways.append(.all(earlier.map(Self.negated) + [holds])) }
                earlier.append(holds)
            }
            if let defaultDestination, jumpsPast(defaultDestination) {
                ways.append(.all(earlier.map(Self.negated)))
            }
            switch ways.count {
            case 0: return nil
            case 1: return ways[0]
            default: return .any(ways)
            }
        }
    }

    /// A survey condition in the task's variables.
    func condition(_ predicate: ResultPredicate) -> PublishedCondition {
        switch predicate {
        case .and(let parts): .all(parts.map { condition($0) })
        case .or(let parts): .any(parts.map { condition($0) })
        case .not(let part): Self.negated(condition(part))
        case .expression: .inexpressible(reason: "an expression")
        case .result(let selector, let test): condition(selector, test)
        }
    }

    private func condition(_ selector: ResultSelector, _ test: AnswerCondition) -> PublishedCondition {
        if let other = selector.taskIdentifier, other != task.identifier {
            return .inexpressible(reason: "a condition on another task (\(other))")
        }
        let path = ResultPath(stepIdentifier: selector.stepIdentifier, resultIdentifier: selector.resultIdentifier)
        guard let kind = kinds[path] else {
            return .inexpressible(reason: "a condition on \(path), which no declared outcome records")
        }
        switch test {
        case .isNil: return .compare(kind: kind, .equal, .empty)
        case .isAnswered: return .compare(kind: kind, .notEqual, .empty)
        case .numberEquals(let number): return .compare(kind: kind, .equal, .number(number))
        case .numberInRange(let minimum, let maximum, let minimumExclusive, let maximumExclusive):
            var bounds: [PublishedCondition] = []
            if let minimum {
                bounds.append(.compare(kind: kind, minimumExclusive ? .greater : .greaterOrEqual, .number(minimum)))
            }
            if let maximum {
                bounds.append(.compare(kind: kind, maximumExclusive ? .less : .lessOrEqual, .number(maximum)))
            }
            if bounds.isEmpty { return .compare(kind: kind, .notEqual, .empty) }
            return bounds.count == 1 ? bounds[0] : .all(bounds)
        case .choicesInclude(let values):
            let parts = values.map { PublishedCondition.compare(kind: kind, .equal, .choice(Self.text(of: $0))) }
            return parts.count == 1 ? parts[0] : .all(parts)
        case .booleanEquals(let flag): return .compare(kind: kind, .equal, .boolean(flag))
        case .textEquals(let text): return .compare(kind: kind, .equal, .text(text))
        case .isDontKnow: return .inexpressible(reason: "an \"I don't know\" answer")
        case .choicesMatch, .textMatches: return .inexpressible(reason: "a regular expression")
        case .textInRange: return .inexpressible(reason: "text bounds in code point order")
        case .timeOfDayInRange: return .inexpressible(reason: "a time of day compared hour and minute apart")
        case .dateInRange: return .inexpressible(reason: "date bounds")
        case .consented: return .inexpressible(reason: "a consent")
        }
    }

    /// The condition that holds exactly when `condition` does not (an unanswered number satisfies no comparison, so
    /// the negation of one names the empty answer).
    static func negated(_ condition: PublishedCondition) -> PublishedCondition {
        switch condition {
        case .all(let parts): .any(parts.map(negated))
        case .any(let parts): .all(parts.map(negated))
        case .inexpressible: condition
        case .compare(let kind, let comparison, let operand):
            switch operand {
            case .number:
                .any([.compare(kind: kind, comparison.negated, operand), .compare(kind: kind, .equal, .empty)])
            case .empty, .boolean, .choice, .text: .compare(kind: kind, comparison.negated, operand)
            }
        }
    }

    /// A choice value as the published variable's choices write it.
    static func text(of value: ChoiceValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        case .double(let number): JSONWriter.numberText(number)
        case .boolean(let flag): flag ? "true" : "false"
        }
    }
}
