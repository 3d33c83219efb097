import Foundation

/// A participant as researchers' tables read them: label, enrollment, home zone and withdrawal
/// (docs/study-database.md, "What researchers read").
package struct ParticipantInfo: Sendable, Hashable {
    /// The row's id.
    package var id: UUID
    /// The participant's label, unique in the study.
    package var label: String
    /// The enrollment instant.
    package var enrolledAt: Date
    /// The home time zone their schedules, local times and study days use.
    package var zone: TimeZone
    /// When they withdrew, if they did.
    package var withdrawnAt: Date?

    /// Creates a participant.
    package init(id: UUID, label: String, enrolledAt: Date, zone: TimeZone, withdrawnAt: Date?) {
        self.id = id
        self.label = label
        self.enrolledAt = enrolledAt
        self.zone = zone
        self.withdrawnAt = withdrawnAt
    }

    /// A gregorian calendar in the home zone.
    package var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The local start (midnight) of the enrollment day: where the first task versions and study day 1 begin.
    package var enrollmentDayStart: Date { calendar.startOfDay(for: enrolledAt) }

    /// The study day of `date` (CDISC SDTM `--DY`): the enrollment day (local, home zone) is 1, the day after 2, the
    /// day before −1; there is no day 0.
    package func studyDay(of date: Date) -> Int {
        let difference = StudyCalendar.dayNumber(of: date, in: zone) - StudyCalendar.dayNumber(of: enrolledAt, in: zone)
        return difference >= 0 ? difference + 1 : difference
    }
}
