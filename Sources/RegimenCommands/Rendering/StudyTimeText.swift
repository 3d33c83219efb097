import Foundation
import RegimenFoundation

/// Instants of a study in the words its commands print: UTC `2026-11-23T07:00:00Z`, a participant's local reading
/// `2026-11-23T08:00:00+01:00`, or their local day `2026-11-24` for a local midnight (docs/study-database.md).
enum StudyTimeText {
    /// `date` in UTC.
    static func utc(_ date: Date) -> String {
        ISODateTime(utc: date).text
    }

    /// `date` as read in `zone`, with its offset.
    static func local(_ date: Date, _ zone: TimeZone) -> String {
        ISODateTime(date, timeZone: zone, style: .extended).text
    }

    /// The local day of `date` in `zone` when it is that day's midnight, else its local reading.
    static func dayOrLocal(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.startOfDay(for: date) == date ? DayText.iso(date, calendar: calendar) : local(date, zone)
    }
}
