import ResearchTasks

/// Conditions that read a step no way through the task has answered when the rule runs: they never hold
/// (ResearchKit's predicates are false on a missing result, docs/navigation.md), which is an authoring mistake such
/// as a rule reading a later step.
extension SurveyDecoder {
    /// Where a navigation or skip rule was written, and what it reads.
    struct RuleSite {
        enum Kind {
            /// A predicate navigation rule evaluated after this step.
            case after(String)
            /// A skip rule evaluated when navigation arrives at this step.
            case skipping(String)
        }
        var kind: Kind
        var predicates: [ResultPredicate]
        var path: SurveyPath
        var line: Int
    }

    /// Reports each step a rule's conditions read (in this task) that can have no result when the rule runs.
    func checkConditionsCanHold(_ sites: [RuleSite], in task: OrderedTask) {
        for site in sites {
            var reported = Set<String>()
            for step in site.predicates.flatMap({ $0.stepsRead(inTask: task.identifier) })
            where reported.insert(step).inserted {
                switch site.kind {
                case .after(let trigger) where !task.mayHaveResult(of: step, whenLeaving: trigger):
                    sink.report(
                        site.path,
                        "a condition reads step \"\(step)\", which is never answered by the time "
                            + "\"\(trigger)\" is left, so it can never hold", line: site.line)
                case .skipping(let skipped) where !task.mayHaveResult(of: step, whenReaching: skipped):
                    sink.report(
                        site.path,
                        "a condition reads step \"\(step)\", which is never answered before "
                            + "\"\(skipped)\" is reached, so it can never hold", line: site.line)
                default:
                    break
                }
            }
        }
    }
}

extension ResultPredicate {
    /// The steps of the ongoing task `task` the predicate reads, in order (other tasks' results are left out).
    fileprivate func stepsRead(inTask task: String) -> [String] {
        switch self {
        case .result(let selector, _): (selector.taskIdentifier ?? task) == task ? [selector.stepIdentifier] : []
        case .and(let all), .or(let all): all.flatMap { $0.stepsRead(inTask: task) }
        case .not(let inner): inner.stepsRead(inTask: task)
        // An expression's reads are checked with the other expressions (docs/expressions.md, "Checks at validate").
        case .expression: []
        }
    }
}
