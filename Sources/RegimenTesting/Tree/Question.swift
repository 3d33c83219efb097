public import Foundation
public import ResearchTasks

/// A question step's result: the step holds one question result with the step's identifier.
public struct Question: StepComponent {
    /// The question step's identifier.
    public var identifier: String
    /// The answer (or skip) given.
    public var answer: GivenAnswer

    /// Creates a question step result.
    public init(_ identifier: String, _ answer: GivenAnswer) {
        self.identifier = identifier
        self.answer = answer
    }

    /// The step result.
    public func stepResult(start: Date, end: Date) -> StepResult {
        StepResult(
            identifier: identifier, startDate: start, endDate: end,
            results: [.question(answer.questionResult(identifier, start: start, end: end))])
    }
}
