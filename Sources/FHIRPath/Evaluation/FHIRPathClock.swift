package import Foundation

/// The instant and the time zone `now()`, `today()` and `timeOfDay()` read (N1 §5.9.2), and the offset given to
/// date-times written without one when they are compared with one that has an offset (N1 §6.1.1, "Date/Time
/// Equality"). Passed in by the caller, never read from the system clock, so that an evaluation can be repeated.
package struct FHIRPathClock: Sendable, Hashable {
    /// The current instant.
    package var now: Date
    /// The zone dates and times are local to.
    package var timeZone: TimeZone

    /// Creates a clock.
    package init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }

    /// Minutes east of UTC at `now`.
    var offsetMinutes: Int { timeZone.secondsFromGMT(for: now) / 60 }

    /// `now` as a local date-time to the millisecond, with its offset.
    var dateTime: FHIRPathDateTime {
        let offset = offsetMinutes
        let milliseconds = Int((now.timeIntervalSince1970 * 1000).rounded(.down)) + offset * 60_000
        return FHIRPathDateArithmetic.dateTime(
            fromEpochMilliseconds: milliseconds, precision: .millisecond, offsetMinutes: offset)
    }
}
