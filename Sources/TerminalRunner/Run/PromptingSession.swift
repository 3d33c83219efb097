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
}
