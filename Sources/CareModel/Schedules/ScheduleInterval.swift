package import Foundation

/// The step between consecutive event starts, as calendar components from seconds to years (docs/schedules.md,
/// "Schedule elements").
///
/// Every component is ≥ 0 and at least one is > 0, so the step always moves time forward.
public struct ScheduleInterval: Sendable, Hashable, Codable {
    /// Seconds.
    package var second: Int
    /// Minutes.
    package var minute: Int
    /// Hours.
    package var hour: Int
    /// Days.
    package var day: Int
    /// Weeks.
    package var weekOfYear: Int
    /// Months.
    package var month: Int
    /// Years.
    package var year: Int

    /// Creates an interval; validation happens when an element is built from it.
    package init(
        second: Int = 0, minute: Int = 0, hour: Int = 0, day: Int = 0, weekOfYear: Int = 0, month: Int = 0,
        year: Int = 0
    ) {
        self.second = second
        self.minute = minute
        self.hour = hour
        self.day = day
        self.weekOfYear = weekOfYear
        self.month = month
        self.year = year
    }

    /// Every day.
    package static let daily = ScheduleInterval(day: 1)
    /// Every week.
    package static let weekly = ScheduleInterval(weekOfYear: 1)
    /// Every month.
    package static let monthly = ScheduleInterval(month: 1)

    /// The components as Foundation `DateComponents` (absent components are nil).
    package var dateComponents: DateComponents {
        func nonZero(_ value: Int) -> Int? { value == 0 ? nil : value }
        return DateComponents(
            year: nonZero(year), month: nonZero(month), day: nonZero(day),
            hour: nonZero(hour), minute: nonZero(minute), second: nonZero(second), weekOfYear: nonZero(weekOfYear))
    }

    /// True when every component is ≥ 0 and at least one is > 0.
    var movesForward: Bool {
        let all = [second, minute, hour, day, weekOfYear, month, year]
        return all.allSatisfy { $0 >= 0 } && all.contains { $0 > 0 }
    }
}
