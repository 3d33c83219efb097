package import Foundation

/// The dates a window [start, end) holds: those whose first instant (local midnight in the home zone) lies in it —
/// a daily window from midnight holds its one date, a weekly one its seven (docs/health-export.md, "Windows").
package enum HealthWindowDates {
    /// The dates of `calendar`'s zone whose first instant lies in [start, end), in order.
    package static func dates(from start: Int64, to end: Int64, calendar: Calendar) -> [HealthCalendarDay] {
        guard end > start else { return [] }
        var day = HealthDayBoundaries.day(of: start, in: calendar.timeZone)
        if HealthDayBoundaries.firstInstant(of: day, calendar: calendar) < start { day = day.adding(days: 1) }
        var dates: [HealthCalendarDay] = []
        while HealthDayBoundaries.firstInstant(of: day, calendar: calendar) < end {
            dates.append(day)
            day = day.adding(days: 1)
        }
        return dates
    }
}
