import Foundation

/// A participant as the `participant` table holds them: label, enrollment instant, home time zone (the zone of their
/// schedules and of "the day a run ended on") and withdrawal (docs/study-database.md, "Tables").
package struct StudyParticipant: Sendable, Hashable {
    /// The row's id.
    package var id: UUID
    /// The label, unique in the study.
    package var label: String
    /// When they were enrolled.
    package var enrolledAt: Date
    /// Their home time zone's IANA name.
    package var homeTimeZone: String
    /// When they withdrew; nil while taking part.
    package var withdrawnAt: Date?

    /// Creates a participant description.
    package init(id: UUID, label: String, enrolledAt: Date, homeTimeZone: String, withdrawnAt: Date?) {
        self.id = id
        self.label = label
        self.enrolledAt = enrolledAt
        self.homeTimeZone = homeTimeZone
        self.withdrawnAt = withdrawnAt
    }

    /// A gregorian calendar in the home zone; nil when the zone name is not one this system knows.
    package var calendar: Calendar? {
        guard let zone = TimeZone(identifier: homeTimeZone) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
