/// A calendar date with no zone (`2026-03-28`), kept as a day number so that days and nights are keyed and stepped
/// by integer arithmetic (docs/health-export.md, "Days and nights").
package struct HealthCalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    package var ordinal: Int

    /// Creates a day from its day number.
    package init(ordinal: Int) { self.ordinal = ordinal }

    /// Creates a day from its Gregorian year, month (1–12) and day of month (1–31).
    package init(year: Int, month: Int, day: Int) {
        // Days from civil: the era-based conversion of the proleptic Gregorian calendar.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        ordinal = era * 146_097 + dayOfEra - 719_468
    }

    /// Parses `YYYY-MM-DD`; nil for any other text or an impossible date.
    package init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
        guard components == (year, month, day) else { return nil }
    }

    /// The day containing a local wall-clock time given in seconds since 1970-01-01 00:00 local.
    package init(localSeconds: Int64) {
        ordinal = Int(localSeconds.floorDivided(by: 86_400))
    }

    /// Year, month (1–12) and day of month.
    package var components: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `YYYY-MM-DD`.
    package var description: String {
        let (year, month, day) = components
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + two(month) + "-" + two(day)
    }

    /// The day `count` days later (earlier when negative).
    package func adding(days count: Int) -> HealthCalendarDay { HealthCalendarDay(ordinal: ordinal + count) }

    /// Orders by date.
    package static func < (lhs: HealthCalendarDay, rhs: HealthCalendarDay) -> Bool { lhs.ordinal < rhs.ordinal }
}

extension Int64 {
    /// Division rounding towards minus infinity (local seconds before 1970 still give the right day).
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
