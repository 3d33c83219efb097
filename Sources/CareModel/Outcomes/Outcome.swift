package import Foundation
import RegimenFoundation

/// The answer to one event (`OCKOutcome`, docs/carekit-store.md, "Outcomes"), keyed by (task version uuid, occurrence).
public struct Outcome: Sendable, Hashable {
    /// Identity of this outcome version.
    package var uuid: UUID
    /// Logical id shared by the versions of one outcome (a replacement keeps it).
    package var id: String
    /// The version uuid of the task whose event this answers.
    package var taskVersionUUID: UUID
    /// The occurrence index of the event in that task version's schedule.
    package var occurrence: Int
    /// The values, in the order they were given (preserved by the store, unlike CareKit).
    package var values: [OutcomeValue]
    /// When the outcome was recorded.
    package var createdDate: Date
    /// Non-nil once deleted or replaced.
    package var deletedDate: Date?
    /// The task run (survey session) that produced it, used as a sync identifier.
    package var taskRunUUID: UUID?
    /// Path of the result file it was extracted from.
    package var resultFile: String?
    /// Start of the answered event.
    package var eventStart: Date
    /// End of the answered event.
    package var eventEnd: Date
    /// Sync identifier (HealthKit's `HKMetadataKeySyncIdentifier`): versions of one recorded result share it.
    /// Defaults to the task run UUID.
    package var syncID: String?
    /// Sync version: a higher version of the same `syncID` replaces the outcome, an equal or lower one is ignored.
    package var syncVersion: Int = 1
    /// When the run that produced it ended (decides which of two runs holds an event); nil when unknown.
    package var runEndDate: Date?
    /// Why it stopped being live (nil while live): deleted, replaced by a new version, or superseded by another run.
    package var endReason: OutcomeEndReason?
    /// The IANA time zone the device was in when the outcome was recorded, when known (docs/study-sync.md, "Time
    /// zones").
    package var recordedTimeZone: String?
    /// That zone's UTC offset at the moment it was recorded, in seconds east of UTC, when known.
    package var recordedUTCOffset: Int?

    /// Creates an outcome value object (the store fills event bounds when saving). A nil `syncID` stands for the task
    /// run UUID's text.
    package init(
        uuid: UUID = UUID(), id: String, taskVersionUUID: UUID, occurrence: Int, values: [OutcomeValue],
        createdDate: Date, deletedDate: Date? = nil, taskRunUUID: UUID? = nil, resultFile: String? = nil,
        eventStart: Date, eventEnd: Date, syncID: String? = nil
    ) {
        self.uuid = uuid
        self.id = id
        self.taskVersionUUID = taskVersionUUID
        self.occurrence = occurrence
        self.values = values
        self.createdDate = createdDate
        self.deletedDate = deletedDate
        self.taskRunUUID = taskRunUUID
        self.resultFile = resultFile
        self.eventStart = eventStart
        self.eventEnd = eventEnd
        self.syncID = syncID ?? taskRunUUID?.text
    }
}
