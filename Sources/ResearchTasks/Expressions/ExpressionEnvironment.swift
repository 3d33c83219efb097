package import Foundation

/// What a run's expressions read besides its answers: the participant's time zone (dates, `today()`) and the
/// previous completed run of the same survey version (`%previous`, `initial: previous`), found by the caller.
package struct ExpressionEnvironment: Sendable {
    /// The zone dates are written and `today()` is read in.
    package var timeZone: TimeZone
    /// The previous completed run of the same task and survey version, if any.
    package var previous: TaskResult?

    /// Creates an environment.
    package init(timeZone: TimeZone, previous: TaskResult? = nil) {
        self.timeZone = timeZone
        self.previous = previous
    }
}
