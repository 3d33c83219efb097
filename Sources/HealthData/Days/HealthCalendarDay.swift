import RegimenFoundation

/// A calendar date with no zone (`2026-03-28`), kept as a day number so that days and nights are keyed and stepped
/// by integer arithmetic (docs/health-export.md, "Days and nights").
package struct HealthCalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    package var ordinal: Int

    /// Creates a day from its day number.
    package init(ordinal: Int) { self.ordinal = ordinal }

    /// Creates a day from its Gregorian year, month (1–12) and day of month (1–31).
    package init(year: Int, month: Int, day: Int) {
        ordinal = CivilDate(year: year, month: month, day: day).dayNumber
    }

    /// Parses `YYYY-MM-DD`; nil for any other text or an impossible date.
    package init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = DigitText.value(parts[0]), let month = DigitText.value(parts[1]),
            let day = DigitText.value(parts[2])
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        ordinal = date.dayNumber
    }

    /// The day containing a local wall-clock time given in seconds since 1970-01-01 00:00 local.
    package init(localSeconds: Int64) {
        ordinal = CivilDate.floorDivide(Int(localSeconds), 86_400)
    }

    /// Year, month (1–12) and day of month.
    package var components: (year: Int, month: Int, day: Int) {
        let date = CivilDate(dayNumber: ordinal)
        return (date.year, date.month, date.day)
    }

    /// `YYYY-MM-DD`.
    package var description: String { CivilDate(dayNumber: ordinal).text }

    /// The day `count` days later (earlier when negative).
    package func adding(days count: Int) -> HealthCalendarDay { HealthCalendarDay(ordinal: ordinal + count) }

    /// Orders by date.
    package static func < (lhs: HealthCalendarDay, rhs: HealthCalendarDay) -> Bool { lhs.ordinal < rhs.ordinal }
}
