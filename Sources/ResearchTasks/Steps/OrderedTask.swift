/// An ordered (and optionally navigable) task: ResearchKit's `ORKOrderedTask` / `ORKNavigableOrderedTask`.
package struct OrderedTask: Sendable, Hashable {
    /// The task identifier, copied into the task result.
    package var identifier: String
    /// A human title shown by runners and feeds.
    package var title: String?
    /// The steps in their default (linear) order.
    package var steps: [Step]
    /// Navigation rules keyed by the identifier of the step they trigger after (docs/navigation.md, "Choosing the next
    /// step").
    package var navigationRules: [String: NavigationRule]
    /// Skip rules keyed by the identifier of the step they may skip (docs/navigation.md, "Choosing the next step").
    package var skipRules: [String: SkipRule]
    /// The named variables and piped texts its expressions share (docs/expressions.md, "In survey files").
    package var expressions: TaskExpressions

    /// Creates a task; rules default to none (a plain ordered task).
    package init(
        identifier: String,
        title: String? = nil,
        steps: [Step],
        navigationRules: [String: NavigationRule] = [:],
        skipRules: [String: SkipRule] = [:],
        expressions: TaskExpressions = TaskExpressions()
    ) {
        self.expressions = expressions
        self.identifier = identifier
        self.title = title
        self.steps = steps
        self.navigationRules = navigationRules
        self.skipRules = skipRules
    }

    /// The index of the step with this identifier, if any.
    package func index(ofStep identifier: String) -> Int? {
        steps.firstIndex { $0.identifier == identifier }
    }

    /// The step with this identifier, if any.
    package func step(withIdentifier identifier: String) -> Step? {
        steps.first { $0.identifier == identifier }
    }
}
