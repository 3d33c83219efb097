/// A workout as the window counts read it: its activity type and instants (docs/health-export.md, "Windows").
package struct HealthWorkoutSpan: Sendable, Hashable {
    /// `workoutActivityType`, e.g. `HKWorkoutActivityTypeRunning`.
    package var activityType: String
    /// Start, UTC seconds.
    package var start: Int64
    /// End, UTC seconds.
    package var end: Int64

    /// Creates a workout span.
    package init(activityType: String, start: Int64, end: Int64) {
        self.activityType = activityType
        self.start = start
        self.end = end
    }

    /// How many of `workouts` of `activityType` started in [start, end).
    package static func count(
        of activityType: String, in workouts: some Sequence<HealthWorkoutSpan>, from start: Int64, to end: Int64
    ) -> Int {
        workouts.reduce(0) { $0 + ($1.activityType == activityType && $1.start >= start && $1.start < end ? 1 : 0) }
    }
}
