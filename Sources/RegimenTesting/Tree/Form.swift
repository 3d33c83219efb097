public import Foundation
public import ResearchTasks

/// A form step's result: one child per answered (or skipped) item, in order.
public struct Form: StepComponent {
    /// The form step's identifier.
    public var identifier: String
    /// The children, in order.
    public var children: [any ChildComponent]

    /// Creates a form step result from its items.
    public init(_ identifier: String, @ChildrenBuilder items: () -> [any ChildComponent]) {
        self.identifier = identifier
        self.children = items()
    }

    /// The step result.
    public func stepResult(start: Date, end: Date) -> StepResult {
        StepResult(
            identifier: identifier, startDate: start, endDate: end,
            results: children.map { $0.childResult(start: start, end: end) })
    }
}
