/// Collects the steps of a ``ResultTree``; `if`, `if`/`else` and `for` work as in any result builder.
@resultBuilder
public enum StepsBuilder {
    /// One step.
    public static func buildExpression(_ step: some StepComponent) -> [any StepComponent] { [step] }
    /// Several steps given at once.
    public static func buildExpression(_ steps: [any StepComponent]) -> [any StepComponent] { steps }
    /// The steps of a block, in order.
    public static func buildBlock(_ parts: [any StepComponent]...) -> [any StepComponent] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [any StepComponent]?) -> [any StepComponent] { part ?? [] }
    /// The `if` branch.
    public static func buildEither(first part: [any StepComponent]) -> [any StepComponent] { part }
    /// The `else` branch.
    public static func buildEither(second part: [any StepComponent]) -> [any StepComponent] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[any StepComponent]]) -> [any StepComponent] { parts.flatMap { $0 } }
}
