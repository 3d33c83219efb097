/// A rule deciding the step after its trigger step (docs/navigation.md, "Choosing the next step").
package enum NavigationRule: Sendable, Hashable {
    /// `ORKPredicateStepNavigationRule`: the first matching predicate picks the destination; otherwise the default
    /// (nil default ⇒ the next step in order).
    case predicate([PredicateDestination], defaultDestination: String?)
    /// `ORKDirectStepNavigationRule`: always go to this step (`StepDestination.end` ends the task).
    case direct(String)
}

/// One predicate → destination pair of a predicate navigation rule.
package struct PredicateDestination: Sendable, Hashable {
    /// The condition on the ongoing result.
    package var predicate: ResultPredicate
    /// Destination step identifier (`StepDestination.end` ends the task).
    package var destination: String

    /// Creates a pair.
    package init(predicate: ResultPredicate, destination: String) {
        self.predicate = predicate
        self.destination = destination
    }
}

/// Well-known destinations.
package enum StepDestination {
    /// ResearchKit's `ORKNullStepIdentifier`: navigating here ends the task.
    package static let end = "org.researchkit.step.null"
}

/// `ORKPredicateSkipStepNavigationRule`: the step is skipped when entered forward and the predicate holds.
package struct SkipRule: Sendable, Hashable {
    /// The condition on the ongoing result.
    package var predicate: ResultPredicate

    /// Creates a skip rule.
    package init(predicate: ResultPredicate) {
        self.predicate = predicate
    }
}
