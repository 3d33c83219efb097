extension OrderedTask {
    /// Whether some way through the task finishes without ever entering the step: a navigation rule jumps past it,
    /// a skip rule may skip it, or an earlier rule ends the task. Every predicate is taken as possibly true and
    /// possibly false (what participants answer is unknown here); ResearchKit's `stepAfterStep` logic otherwise
    /// (docs/navigation.md). An unknown identifier is bypassed by definition.
    package func canBypass(step identifier: String) -> Bool {
        guard index(ofStep: identifier) != nil else { return true }
        // Positions are "about to pick the step after X" (nil: before the first step).
        var seen = Set<String?>()
        var pending: [String?] = [nil]
        while let position = pending.popLast() {
            guard seen.insert(position).inserted else { continue }
            for candidate in possibleSuccessors(of: position) {
                guard let candidate else { return true }  // the task can end here without entering the step
                // Entered or skipped, navigation goes on from the candidate's own rule (skipping recurses,
                // docs/navigation.md, "Choosing the next step"); the step itself may only be passed by its skip rule.
                if candidate != identifier || skipRules[candidate] != nil { pending.append(candidate) }
            }
        }
        return false
    }

    /// Whether, on some way through the task, `step` has a result when the navigation rule after `trigger` is
    /// evaluated (it was entered at or before `trigger`). When not, a condition on it never holds (docs/navigation.md).
    package func mayHaveResult(of step: String, whenLeaving trigger: String) -> Bool {
        someWay(reading: step) { candidate, _, afterEntering in candidate == trigger && afterEntering }
    }

    /// Whether, on some way through the task, `step` has a result when navigation arrives at `skipped` and its skip
    /// rule is evaluated (it was entered before).
    package func mayHaveResult(of step: String, whenReaching skipped: String) -> Bool {
        someWay(reading: step) { candidate, before, _ in candidate == skipped && before }
    }

    /// Searches the ways through the task (as `canBypass` does), tracking whether `step` has been entered; true as soon
    /// as `holds` does for a candidate step, given whether `step` had a result before it and after entering it.
    private func someWay(
        reading step: String, where holds: (_ candidate: String, _ before: Bool, _ afterEntering: Bool) -> Bool
    ) -> Bool {
        struct State: Hashable {
            var position: String?
            var hasResult: Bool
        }
        var seen = Set<State>()
        var pending = [State(position: nil, hasResult: false)]
        while let state = pending.popLast() {
            guard seen.insert(state).inserted else { continue }
            for case let candidate? in possibleSuccessors(of: state.position) {
                let entered = state.hasResult || candidate == step
                if holds(candidate, state.hasResult, entered) { return true }
                pending.append(State(position: candidate, hasResult: entered))
                if skipRules[candidate] != nil {
                    pending.append(State(position: candidate, hasResult: state.hasResult))
                }
            }
        }
        return false
    }

    /// Every step the navigation may pick after `position` (nil entries: the task ends), before skip rules apply.
    private func possibleSuccessors(of position: String?) -> [String?] {
        var destinations: [String?] = []
        func add(_ destination: String) {
            destinations.append(
                destination == StepDestination.end ? nil : step(withIdentifier: destination)?.identifier)
        }
        switch position.flatMap({ navigationRules[$0] }) {
        case .direct(let destination)?:
            add(destination)
        case .predicate(let pairs, let defaultDestination)?:
            pairs.forEach { add($0.destination) }
            if let defaultDestination {
                add(defaultDestination)
            } else {
                destinations.append(linearStep(after: position)?.identifier)
            }
        case nil:
            destinations.append(linearStep(after: position)?.identifier)
        }
        return destinations
    }
}
