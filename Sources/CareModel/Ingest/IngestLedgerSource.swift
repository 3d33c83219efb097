package import Foundation

/// Where an `IngestLedger` reads what a store already holds (CareStore: SQLite; StudyDatabase: PostgreSQL, one
/// participant). Reads may come after writes of the same batch: the adapter applies every write before the next read.
package protocol IngestLedgerSource {
    /// The versions of task `id`, oldest first; empty when the task is unknown.
    mutating func taskVersions(id: String) throws -> [CareTask]
    /// The newest row (live, replaced, deleted or superseded) of each of `syncIDs` that has one.
    mutating func newestOutcomes(syncIDs: [String]) throws -> [String: StoredSyncRow]
    /// The live outcomes of task version `taskVersion` whose occurrence lies in `occurrences`, by occurrence.
    mutating func liveOutcomes(taskVersion: UUID, occurrences: ClosedRange<Int>) throws -> [Int: EventHolder]
}

/// The newest stored row of a sync identifier.
package struct StoredSyncRow: Sendable, Hashable {
    /// The row's uuid.
    package var uuid: UUID
    /// Its outcome id (shared by every version of the outcome).
    package var id: String
    /// Its sync version.
    package var version: Int
    /// True when it is live (not ended).
    package var live: Bool
    /// True when it ended as superseded (it lost its event to another run).
    package var superseded: Bool
    /// The task version of its event.
    package var taskVersionUUID: UUID
    /// The occurrence of its event.
    package var occurrence: Int

    /// Creates a row description.
    package init(
        uuid: UUID, id: String, version: Int, live: Bool, superseded: Bool, taskVersionUUID: UUID, occurrence: Int
    ) {
        self.uuid = uuid
        self.id = id
        self.version = version
        self.live = live
        self.superseded = superseded
        self.taskVersionUUID = taskVersionUUID
        self.occurrence = occurrence
    }
}

/// The live outcome holding an event.
package struct EventHolder: Sendable, Hashable {
    /// The outcome row's uuid.
    package var uuid: UUID
    /// Its sync identifier, if it has one.
    package var syncID: String?
    /// When its run ended (`runEndDate`, else its `createdDate`): the later run holds a contested event.
    package var runEnd: Date

    /// Creates a holder description.
    package init(uuid: UUID, syncID: String?, runEnd: Date) {
        self.uuid = uuid
        self.syncID = syncID
        self.runEnd = runEnd
    }
}
