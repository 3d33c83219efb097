package import Foundation

/// One row of `study status`: where a participant stands (docs/study-database.md, "What researchers read").
package struct StatusRow: Sendable, Hashable {
    /// The participant.
    package var participant: Participant
    /// Today's study day (at the withdrawal for a withdrawn participant).
    package var studyDay: Int
    /// When their latest outcome was recorded.
    package var lastData: Date?
    /// Events of the last 7 local days (today included, up to now) without a current outcome.
    package var missedLastWeek: Int
    /// Completed ÷ counted events over the same 7 days; nil without events.
    package var adherenceLastWeek: Double?

    /// The column names, in order.
    package static let columns = [
        "participant", "zone", "enrolled", "study_day", "withdrawn", "last_data", "missed_7_days", "adherence_7_days",
    ]
}
