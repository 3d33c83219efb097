import Foundation
import RegimenCommands
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

    /// A reading's time of day on `day`, without offset: `2026-11-23T08:00:00`, or with `separator: " "` REDCap's
    /// `2026-11-23 08:00:00` (docs/redcap.md, "The import file"; docs/deidentified-exports.md, "What is done").
    static func civil(_ day: CivilDate, _ reading: CivilDateTime, separator: String = "T") -> String {
        ISODateTime(
            day: day, time: ClockTime(hour: reading.hour, minute: reading.minute), second: reading.second,
            spaceSeparated: separator == " "
        ).text
    }

    /// The local day of `date` in `zone` when it is that day's midnight, else its local reading.
    static func dayOrLocal(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.startOfDay(for: date) == date ? DayText.iso(date, calendar: calendar) : local(date, zone)
    }
}
