extension OrderedTask {
    /// The step after `identifier` (nil = before the first step) given the ongoing result: ResearchKit's
    /// `ORKNavigableOrderedTask.stepAfterStep:withResult:` (docs/navigation.md, "Choosing the next step"), with
    /// recursive skip rules. `expressions` evaluates `expression` conditions (without it they do not hold).
    package func step(after identifier: String?, result: TaskResult, expressions: ExpressionEvaluator? = nil) -> Step? {
        var visitedSkips = Set<String>()
        return step(after: identifier, result: result, expressions: expressions, visitedSkips: &visitedSkips)
    }

    private func step(
        after identifier: String?, result: TaskResult, expressions: ExpressionEvaluator?,
        visitedSkips: inout Set<String>
    ) -> Step? {
        var next: Step?
        let destination = identifier.flatMap { navigationRules[$0] }.flatMap {
            $0.destination(for: result, expressions: expressions)
        }
        if let destination {
            if destination == StepDestination.end { return nil }
            next = step(withIdentifier: destination)
        } else {
            next = linearStep(after: identifier)
        }
        guard let candidate = next else { return nil }
        if let rule = skipRules[candidate.identifier], rule.predicate.evaluate(in: result, expressions: expressions) {
            // A cycle of skipped steps would recurse forever; ResearchKit would too. Stop at the second visit.
            guard visitedSkips.insert(candidate.identifier).inserted else { return nil }
            return step(
                after: candidate.identifier, result: result, expressions: expressions, visitedSkips: &visitedSkips)
        }
        return candidate
    }

    /// The next step in plain order (`ORKOrderedTask.stepAfterStep:`).
    func linearStep(after identifier: String?) -> Step? {
        guard let identifier else { return steps.first }
        guard let index = index(ofStep: identifier), index + 1 < steps.count else { return nil }
        return steps[index + 1]
    }

    /// "n of m" for a step: ResearchKit's ordered-task progress (docs/navigation.md, "Progress"); nil when not shown.
    package func progress(ofStep identifier: String) -> StepProgress? {
        let counted = steps.enumerated().filter { index, step in
            let atEnd = index == 0 || index == steps.count - 1
            return step.showsProgress && !(step.isInstructional && atEnd)
        }.map(\.element.identifier)
        guard let position = counted.firstIndex(of: identifier), counted.count > 1 else { return nil }
        return StepProgress(current: position + 1, total: counted.count)
    }
}

extension NavigationRule {
    /// The destination this rule picks for the ongoing result; nil means "the next step in order".
    func destination(for result: TaskResult, expressions: ExpressionEvaluator?) -> String? {
        switch self {
        case .direct(let destination):
            return destination
        case .predicate(let pairs, let defaultDestination):
            return pairs.first { $0.predicate.evaluate(in: result, expressions: expressions) }?.destination
                ?? defaultDestination
        }
    }
}
