public import Foundation
public import ResearchTasks

/// A visited step that records no answer (instruction, completion, `touch.anywhere`).
public struct Instruction: StepComponent {
    /// The step's identifier.
    public var identifier: String

    /// Creates an empty step result.
    public init(_ identifier: String) {
        self.identifier = identifier
    }

    /// The step result, with no children.
    public func stepResult(start: Date, end: Date) -> StepResult {
        StepResult(identifier: identifier, startDate: start, endDate: end)
    }
}
