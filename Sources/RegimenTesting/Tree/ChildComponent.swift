public import Foundation
public import ResearchTasks

/// Something that becomes one child result of a ``Form`` (``Item``, ``MotionRange`` or a
/// ready-made `ChildResult`).
public protocol ChildComponent: Sendable {
    /// The child result, given its step's pinned dates.
    func childResult(start: Date, end: Date) -> ChildResult
}

extension ChildResult: ChildComponent {
    /// The child result as it is (its own dates are kept).
    public func childResult(start: Date, end: Date) -> ChildResult { self }
}
