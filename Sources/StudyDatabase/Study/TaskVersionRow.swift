package import Foundation

/// One row of `task_version`: a participant's version of a task, its schedule kept as `ScheduleJSON` text
/// (docs/study-database.md, "Tables").
package struct TaskVersionRow: Sendable, Hashable {
    /// The version's uuid.
    package var uuid: UUID
    /// Whose it is.
    package var participantID: UUID
    /// The task id.
    package var taskID: String
    /// The version it follows; nil for the first.
    package var previousUUID: UUID?
    /// The study revision that made it.
    package var studyRevision: Int
    /// The title.
    package var title: String
    /// The instructions.
    package var instructions: String?
    /// Whether its events count towards adherence.
    package var impactsAdherence: Bool
    /// The schedule in the participant's zone, as `ScheduleJSON` text.
    package var scheduleJSON: String
    /// When it takes effect.
    package var effectiveAt: Date
    /// Set on a tombstone (the task was removed): when.
    package var deletedAt: Date?
    /// Digest of the survey file it was made from.
    package var sourceDigest: String?
    /// When it was made.
    package var createdAt: Date
    /// Its place in the participant's stored rows.
    package var serverSeq: Int64
}
