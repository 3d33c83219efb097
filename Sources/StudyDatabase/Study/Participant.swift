package import Foundation
import RegimenFoundation

/// One enrolled participant of a study: their label, enrollment instant and home time zone, which their task
/// versions' schedules and study days use (docs/study-database.md, "Participants and study days").
package struct Participant: Sendable, Hashable {
    /// The row's id.
    package var id: UUID
    /// The label researchers know them by, unique in the study.
    package var label: String
    /// When they were enrolled.
    package var enrolledAt: Date
    /// Their home time zone (an IANA id).
    package var timeZone: TimeZone
    /// When they were withdrawn, if they were.
    package var withdrawnAt: Date?

    /// Creates a participant.
    package init(id: UUID = UUID(), label: String, enrolledAt: Date, timeZone: TimeZone, withdrawnAt: Date? = nil) {
        self.id = id
        self.label = label
        self.enrolledAt = enrolledAt
        self.timeZone = timeZone
        self.withdrawnAt = withdrawnAt
    }

    /// A gregorian calendar in their home zone: what their schedules and days are counted in.
    package var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// Midnight starting their enrollment day, in their home zone.
    package var enrollmentDayStart: Date { calendar.startOfDay(for: enrolledAt) }

    /// The study day of `date` in their home zone (CDISC SDTM's `--DY`): the enrollment day is day 1, the day after
    /// day 2, the day before day −1; there is no day 0.
    package func studyDay(of date: Date) -> Int {
        Self.studyDay(
            dayNumber: StudyCalendar.dayNumber(of: date, in: timeZone), enrollmentDayNumber: enrollmentDayNumber)
    }

    /// The local day number (days since 1970-01-01 in their home zone) of their enrollment.
    package var enrollmentDayNumber: Int { StudyCalendar.dayNumber(of: enrolledAt, in: timeZone) }

    /// The study day of the local day `dayNumber`, given the enrollment's (`studyDay(of:)` for many days at once).
    package static func studyDay(dayNumber: Int, enrollmentDayNumber: Int) -> Int {
        let days = dayNumber - enrollmentDayNumber
        return days >= 0 ? days + 1 : days
    }

    /// Whether `label` can name a participant: 1–64 of letters, digits, '.', '_' and '-', starting with a letter or
    /// digit (the same rule as the `participant` table's check).
    package static func isValid(label: String) -> Bool {
        label.wholeMatch(of: /[A-Za-z0-9][A-Za-z0-9._-]{0,63}/) != nil
    }

    /// The time zone of an IANA id of a place (`Europe/Berlin`, `America/Argentina/Buenos_Aires`) or `UTC`; nil for an
    /// id the system's time zone database does not know, and for abbreviations and offsets (`CET`, `EST`, `GMT+1`),
    /// which do not follow a place's daylight-saving rules.
    package static func ianaZone(_ identifier: String) -> TimeZone? {
        guard identifier == "UTC" || identifier.contains("/"), let zone = TimeZone(identifier: identifier) else {
            return nil
        }
        return zone
    }
}
