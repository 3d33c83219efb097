import Foundation

/// How long each event of a schedule element lasts (`OCKScheduleElement.Duration`, docs/schedules.md, "Schedule
/// elements").
public enum ScheduleDuration: Sendable, Hashable, Codable {
    /// The whole local day, 00:00 to 23:59:59.
    case allDay
    /// A fixed number of elapsed seconds.
    case seconds(Double)

    /// A fixed duration of `hours` hours.
    public static func hours(_ hours: Double) -> ScheduleDuration { .seconds(hours * 3600) }
    /// A fixed duration of `minutes` minutes.
    package static func minutes(_ minutes: Double) -> ScheduleDuration { .seconds(minutes * 60) }
}
