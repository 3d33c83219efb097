package import Foundation
import RegimenFoundation

/// One recorded result to store idempotently (`CareStore.ingest`), HealthKit-style: `syncID` + `syncVersion`.
package struct OutcomeIngest: Sendable, Hashable {
    /// The task whose event the result answers.
    package var taskID: String
    /// The participant's day the run ended on, [start, end); the outcome goes to an event starting in it.
    package var day: DateInterval
    /// When the run ended: picks the event of the day, and decides which of two runs holds a shared event.
    package var runEndDate: Date
    /// The extracted values.
    package var values: [OutcomeValue]
    /// Identifies the recorded result across versions: the identifier its result names, else its task run UUID's
    /// text.
    package var syncID: String {
        get { namedSyncID ?? taskRunUUID?.text ?? "" }
        set { namedSyncID = newValue }
    }
    /// The sync identifier the result names; nil when its task run UUID stands for it. That text is made when asked,
    /// not held for every file while a folder is read (docs/performance.md, "A default sync identifier is not held").
    package var namedSyncID: String?
    /// The result's version; only a higher one replaces a stored outcome with the same `syncID`.
    package var syncVersion: Int
    /// The run that produced it.
    package var taskRunUUID: UUID?
    /// The result file it came from.
    package var resultFile: String?
    /// The outcome's `createdDate` (and the end date of outcomes it replaces or supersedes).
    package var createdDate: Date

    /// Creates an ingest request; a nil `syncID` stands for the task run UUID's text.
    package init(
        taskID: String, day: DateInterval, runEndDate: Date, values: [OutcomeValue], syncID: String?,
        syncVersion: Int = 1,
        taskRunUUID: UUID? = nil, resultFile: String? = nil, createdDate: Date
    ) {
        self.taskID = taskID
        self.day = day
        self.runEndDate = runEndDate
        self.values = values
        namedSyncID = syncID
        self.syncVersion = syncVersion
        self.taskRunUUID = taskRunUUID
        self.resultFile = resultFile
        self.createdDate = createdDate
    }

    /// Equal when every field is, the sync identifier compared as read (named, or the run's that stands for it).
    package static func == (lhs: OutcomeIngest, rhs: OutcomeIngest) -> Bool {
        lhs.taskID == rhs.taskID && lhs.day == rhs.day && lhs.runEndDate == rhs.runEndDate && lhs.values == rhs.values
            && lhs.syncID == rhs.syncID && lhs.syncVersion == rhs.syncVersion && lhs.taskRunUUID == rhs.taskRunUUID
            && lhs.resultFile == rhs.resultFile && lhs.createdDate == rhs.createdDate
    }

    /// Hashes what identifies the result: its task, run end, sync identifier (as read) and version.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(taskID)
        hasher.combine(runEndDate)
        hasher.combine(syncID)
        hasher.combine(syncVersion)
    }
}
