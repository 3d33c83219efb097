public import Foundation
public import ResearchTasks

/// Something that becomes one step result of a ``ResultTree`` (``Form``, ``Question``, ``MotionRange``,
/// ``Instruction`` or a ready-made `StepResult`).
public protocol StepComponent: Sendable {
    /// The step result, given the pinned dates of its place in the tree.
    func stepResult(start: Date, end: Date) -> StepResult
}

extension StepResult: StepComponent {
    /// The step result as it is (its own dates are kept).
    public func stepResult(start: Date, end: Date) -> StepResult { self }
}
