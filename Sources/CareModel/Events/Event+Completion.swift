/// Completion with target values (CareKit's `compareTargetValues`; docs/carekit-store.md, "Adherence").
extension Event {
    /// The target values of the schedule element that generated the event (empty for most tasks).
    package var targetValues: [OutcomeValue] {
        let elements = task.schedule.elements
        return elements.indices.contains(scheduleEvent.elementIndex)
            ? elements[scheduleEvent.elementIndex].targetValues : []
    }

    /// Whether the event counts as completed: it has an outcome, and every target value is met by one of the
    /// outcome's values of the same kind (≥ for numbers, equal otherwise). Without targets, an outcome is enough.
    package var isCompleted: Bool {
        guard let outcome else { return false }
        return OutcomeValue.meets(targetValues, with: outcome.values)
    }
}

extension OutcomeValue {
    /// Whether every target is met by some value of the same kind (CareKit's `compareTargetValues`): a number
    /// reaches a numeric target (integer and double compare as numbers), any other value equals it.
    package static func meets(_ targets: [OutcomeValue], with values: [OutcomeValue]) -> Bool {
        targets.allSatisfy { target in values.contains { $0.kind == target.kind && $0.reaches(target) } }
    }

    /// Whether this value reaches `target`.
    func reaches(_ target: OutcomeValue) -> Bool {
        if let number = value.number, let goal = target.value.number { return number >= goal }
        return value == target.value
    }
}

extension OutcomeValue.Value {
    /// The value as a number when it is an integer or a double.
    package var number: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .double(let number): number
        case .boolean, .text, .binary, .date: nil
        }
    }
}
