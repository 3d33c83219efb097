/// Collects the child results of a ``Form``; `if`, `if`/`else` and `for` work as in any result builder.
@resultBuilder
public enum ChildrenBuilder {
    /// One child.
    public static func buildExpression(_ child: some ChildComponent) -> [any ChildComponent] { [child] }
    /// Several children given at once.
    public static func buildExpression(_ children: [any ChildComponent]) -> [any ChildComponent] { children }
    /// The children of a block, in order.
    public static func buildBlock(_ parts: [any ChildComponent]...) -> [any ChildComponent] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [any ChildComponent]?) -> [any ChildComponent] { part ?? [] }
    /// The `if` branch.
    public static func buildEither(first part: [any ChildComponent]) -> [any ChildComponent] { part }
    /// The `else` branch.
    public static func buildEither(second part: [any ChildComponent]) -> [any ChildComponent] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[any ChildComponent]]) -> [any ChildComponent] { parts.flatMap { $0 } }
}
