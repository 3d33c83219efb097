package import Foundation

/// The first instant of every local date in a range of the home zone, computed once per day with the injected
/// calendar — so a 23 h or 25 h day (a DST change) has its real length, never a fixed 86,400 s
/// (docs/health-export.md, "Days and nights").
package struct HealthDayBoundaries: Sendable {
    /// The first date of the table.
    package let first: HealthCalendarDay
    /// `starts[i]` is the first instant (UTC seconds) of date `first + i`; one more entry ends the last date.
    package let starts: [Int64]

    /// Builds the table for `first...last` in `calendar`'s zone (its `timeZone` is the home zone).
    package init(calendar: Calendar, from first: HealthCalendarDay, through last: HealthCalendarDay) {
        self.first = first
        var starts: [Int64] = []
        starts.reserveCapacity(max(0, last.ordinal - first.ordinal) + 2)
        for ordinal in first.ordinal...max(first.ordinal, last.ordinal) + 1 {
            starts.append(Self.firstInstant(of: HealthCalendarDay(ordinal: ordinal), calendar: calendar))
        }
        self.starts = starts
    }

    /// The number of dates in the table.
    package var count: Int { starts.count - 1 }

    /// The date at `index`.
    package func day(at index: Int) -> HealthCalendarDay { first.adding(days: index) }

    /// The window [start, end) of the date at `index`, in UTC seconds.
    package func window(at index: Int) -> (start: Int64, end: Int64) { (starts[index], starts[index + 1]) }

    /// The first instant of `day` in `calendar`'s zone (the day's midnight, or its first instant when a DST change
    /// skips midnight).
    package static func firstInstant(of day: HealthCalendarDay, calendar: Calendar) -> Int64 {
        // Dates are Gregorian whatever calendar is injected; only its zone is taken then.
        var calendar = calendar
        if calendar.identifier != .gregorian {
            let zone = calendar.timeZone
            calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
        }
        let (year, month, dayOfMonth) = day.components
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = dayOfMonth
        let date = calendar.date(from: components).map { calendar.startOfDay(for: $0) }
        return Int64((date ?? Date(timeIntervalSince1970: 0)).timeIntervalSince1970.rounded(.down))
    }

    /// The local date of an instant in `zone`.
    package static func day(of seconds: Int64, in zone: TimeZone) -> HealthCalendarDay {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return HealthCalendarDay(localSeconds: seconds + Int64(offset))
    }
}
