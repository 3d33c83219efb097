/// An ordered (and optionally navigable) task: ResearchKit's `ORKOrderedTask` / `ORKNavigableOrderedTask`.
public struct OrderedTask: Sendable, Hashable {
    /// The task identifier, copied into the task result.
    public var identifier: String
    /// A human title shown by runners and feeds.
    public var title: String?
    /// The steps in their default (linear) order.
    public var steps: [Step]
    /// Navigation rules keyed by the identifier of the step they trigger after (docs/navigation.md, "Choosing the next step").
    public var navigationRules: [String: NavigationRule]
    /// Skip rules keyed by the identifier of the step they may skip (docs/navigation.md, "Choosing the next step").
    public var skipRules: [String: SkipRule]

    /// Creates a task; rules default to none (a plain ordered task).
    public init(
        identifier: String,
        title: String? = nil,
        steps: [Step],
        navigationRules: [String: NavigationRule] = [:],
        skipRules: [String: SkipRule] = [:]
    ) {
        self.identifier = identifier
        self.title = title
        self.steps = steps
        self.navigationRules = navigationRules
        self.skipRules = skipRules
    }

    /// The index of the step with this identifier, if any.
    public func index(ofStep identifier: String) -> Int? {
        steps.firstIndex { $0.identifier == identifier }
    }

    /// The step with this identifier, if any.
    public func step(withIdentifier identifier: String) -> Step? {
        steps.first { $0.identifier == identifier }
    }
}
