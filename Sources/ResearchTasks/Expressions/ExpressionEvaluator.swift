package import FHIRPath
package import Foundation

/// What evaluates a task's expressions during a run: the task (how answers become the resource), the environment
/// (time zone, previous run) and the instant `now()` reads.
package struct ExpressionEvaluator: Sendable {
    /// The task whose expressions are evaluated.
    package var task: OrderedTask
    /// The time zone and the previous run.
    package var environment: ExpressionEnvironment
    /// The instant `now()` and `today()` read.
    package var now: Date

    /// Creates an evaluator.
    package init(task: OrderedTask, environment: ExpressionEnvironment, now: Date) {
        self.task = task
        self.environment = environment
        self.now = now
    }

    /// The scope of the answers in `result`.
    package func scope(of result: TaskResult, extra: [String: [FHIRPathValue]] = [:]) -> ExpressionScope {
        ExpressionScope(task: task, result: result, environment: environment, now: now, extra: extra)
    }
}
