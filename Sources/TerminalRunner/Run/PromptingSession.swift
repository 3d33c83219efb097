package import Foundation
package import ResearchTasks

/// What the terminal runner needs from a task session; `TaskSession` conforms, tests use small fakes.
package protocol PromptingSession {
    /// The prompt waiting for input, or nil once the task has finished.
    var prompt: Prompt? { get }
    /// Whether the task has finished.
    var isFinished: Bool { get }
    /// Applies one interpreted input at the given instant, or says why it is refused.
    mutating func submit(_ input: SessionInput, at date: Date) throws(SessionError)
    /// The result tree of the run so far, ended at `endDate`.
    func result(endDate: Date) -> TaskResult
    /// Once the task has finished, the calculated items passed after the last prompt, to be shown (a form's total
    /// after its last question); empty before.
    var calculatedLinesAtEnd: [CalculatedLine] { get }
}

extension PromptingSession {
    /// No calculated items by default.
    package var calculatedLinesAtEnd: [CalculatedLine] { [] }
}
