package import Foundation
package import RegimenFoundation

/// Local days of a participant's home zone, as researchers' filters and tables count them
/// (docs/study-database.md, "What researchers read").
package enum StudyCalendar {
    /// The local calendar day of `date` in `zone`, as a day number (days since 1970-01-01).
    package static func dayNumber(of date: Date, in zone: TimeZone) -> Int {
        let civil = CivilDateTime(date, timeZone: zone)
        return CivilDate(year: civil.year, month: civil.month, day: civil.day).dayNumber
    }

    /// The local calendar day of `date` in `zone`.
    package static func day(of date: Date, in zone: TimeZone) -> CivilDate {
        CivilDate(dayNumber: dayNumber(of: date, in: zone))
    }

    /// The instant the local day `day` starts in `calendar`'s zone (midnight, or the first instant after a gap).
    package static func start(of day: CivilDate, calendar: Calendar) -> Date {
        let components = DateComponents(year: day.year, month: day.month, day: day.day)
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
        return calendar.date(from: components).map { calendar.startOfDay(for: $0) }
            ?? noon.map { calendar.startOfDay(for: $0) } ?? Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)
    }

    /// UTC text `2026-11-23T07:00:00Z`.
    package static func utcText(_ date: Date) -> String { ISODateTime(utc: date).text }

    /// Local text with the zone's offset, `2026-11-23T08:00:00+01:00` (`+00:00` when the offset is zero).
    package static func localText(_ date: Date, in zone: TimeZone) -> String {
        localText(CivilDateTime(date, timeZone: zone))
    }

    /// `localText` of a reading already taken in the zone.
    package static func localText(_ reading: CivilDateTime) -> String {
        ISODateTime(reading, style: .extended).text
    }
}
