package import Catalog
package import Foundation
package import ResearchTasks

/// The survey's checks of result files before anything of them is stored or shown (`ResultTreeCheck` per task,
/// docs/answer-validation.md); `ingest` and `extract` share them so both report the same problems.
package struct ResultChecks: Sendable {
    private let checks: [String: ResultTreeCheck]

    /// Checks for every task of `catalog`, judging dates in `calendar` at `now`.
    package init(catalog: Catalog, calendar: Calendar, now: Date) {
        let context = AnswerParsingContext(calendar: calendar, now: now)
        var checks: [String: ResultTreeCheck] = [:]
        for entry in catalog.entries {
            checks[entry.taskIdentifier] = ResultTreeCheck(task: entry.task, context: context)
        }
        self.checks = checks
    }

    /// Every problem of `result` as a result of task `task` (empty when no survey defines the task: callers say so).
    package func problems(in result: TaskResult, task: String) -> [ResultProblem] {
        checks[task]?.problems(in: result) ?? []
    }

    /// One line for a rejected file: the first problem, and how many more there are.
    package static func summary(_ problems: [ResultProblem]) -> String? {
        guard let first = problems.first else { return nil }
        let more = problems.count - 1
        return more == 0 ? first.description : "\(first.description) (and \(Plural.count(more, "more problem")))"
    }
}
