package import CareModel
import Foundation

/// One row of the long outcomes table: one value of one stored outcome version, with its event, task version and
/// status (docs/study-database.md, "What researchers read").
package struct LongOutcomeRow: Sendable, Hashable {
    /// The participant.
    package var participant: Participant
    /// The task id.
    package var task: String
    /// The task version's number in the participant's chain of that task, from 1.
    package var taskVersion: Int
    /// The study revision that made the task version.
    package var studyRevision: Int
    /// The outcome (all its values; `value` is the one of this row).
    package var outcome: ReadOutcome
    /// This row's value; nil for an outcome without values (one row, empty value cells).
    package var value: OutcomeValue?

    /// The column names, in order.
    package static let columns = [
        "participant", "task", "task_version", "study_revision", "occurrence", "event_start_utc", "event_start_local",
        "study_day", "kind", "value", "units", "recorded_time_zone", "recorded_utc_offset", "sync_id", "sync_version",
        "status",
    ]

    /// The study day of the event.
    package var studyDay: Int { participant.studyDay(of: outcome.outcome.eventStart) }
}
