public import Foundation
public import ResearchTasks

/// One form item's question result: `Item("checkin.form.pain", .scale(4))`.
public struct Item: ChildComponent {
    /// The item's identifier.
    public var identifier: String
    /// The answer (or skip) given.
    public var answer: GivenAnswer

    /// Creates an item result.
    public init(_ identifier: String, _ answer: GivenAnswer) {
        self.identifier = identifier
        self.answer = answer
    }

    /// The question result.
    public func childResult(start: Date, end: Date) -> ChildResult {
        .question(answer.questionResult(identifier, start: start, end: end))
    }
}
