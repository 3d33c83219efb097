public import Foundation

/// Why a schedule element or schedule cannot be built.
public enum ScheduleError: Error, Sendable, Equatable {
    /// The element's end is not after its start (CareKit's `precondition(start < end)`).
    case endNotAfterStart(start: Date, end: Date)
    /// The interval has a negative component or no positive one, so it would not move time forward.
    case intervalDoesNotAdvance(ScheduleInterval)
    /// A fixed duration is negative or not finite.
    case invalidDuration(Double)
    /// A schedule needs at least one element.
    case noElements
    /// An hour/minute/weekday argument of a helper is out of range.
    case invalidTimeOfDay(field: String, value: Int)
}
