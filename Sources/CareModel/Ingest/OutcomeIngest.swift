import Foundation

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
    /// Identifies the recorded result across versions (default: its task run UUID).
    package var syncID: String
    /// The result's version; only a higher one replaces a stored outcome with the same `syncID`.
    package var syncVersion: Int
    /// The run that produced it.
    package var taskRunUUID: UUID?
    /// The result file it came from.
    package var resultFile: String?
    /// The outcome's `createdDate` (and the end date of outcomes it replaces or supersedes).
    package var createdDate: Date

    /// Creates an ingest request.
    package init(
        taskID: String, day: DateInterval, runEndDate: Date, values: [OutcomeValue], syncID: String, syncVersion: Int = 1,
        taskRunUUID: UUID? = nil, resultFile: String? = nil, createdDate: Date
    ) {
        self.taskID = taskID
        self.day = day
        self.runEndDate = runEndDate
        self.values = values
        self.syncID = syncID
        self.syncVersion = syncVersion
        self.taskRunUUID = taskRunUUID
        self.resultFile = resultFile
        self.createdDate = createdDate
    }
}
