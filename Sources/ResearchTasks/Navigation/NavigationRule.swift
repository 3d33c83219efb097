/// A rule deciding the step after its trigger step (docs/navigation.md, "Choosing the next step").
public enum NavigationRule: Sendable, Hashable {
    /// `ORKPredicateStepNavigationRule`: the first matching predicate picks the destination; otherwise the default
    /// (nil default ⇒ the next step in order).
    case predicate([PredicateDestination], defaultDestination: String?)
    /// `ORKDirectStepNavigationRule`: always go to this step (`StepDestination.end` ends the task).
    case direct(String)
}

/// One predicate → destination pair of a predicate navigation rule.
public struct PredicateDestination: Sendable, Hashable {
    /// The condition on the ongoing result.
    public var predicate: ResultPredicate
    /// Destination step identifier (`StepDestination.end` ends the task).
    public var destination: String

    /// Creates a pair.
    public init(predicate: ResultPredicate, destination: String) {
        self.predicate = predicate
        self.destination = destination
    }
}

/// Well-known destinations.
public enum StepDestination {
    /// ResearchKit's `ORKNullStepIdentifier`: navigating here ends the task.
    public static let end = "org.researchkit.step.null"
}

/// `ORKPredicateSkipStepNavigationRule`: the step is skipped when entered forward and the predicate holds.
public struct SkipRule: Sendable, Hashable {
    /// The condition on the ongoing result.
    public var predicate: ResultPredicate

    /// Creates a skip rule.
    public init(predicate: ResultPredicate) {
        self.predicate = predicate
    }
}
