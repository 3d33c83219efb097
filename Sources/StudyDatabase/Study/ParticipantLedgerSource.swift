import CareModel
import Foundation

/// What an ingest transaction's `IngestLedger` reads for one participant — read from PostgreSQL up front in three
/// queries (task versions, the newest row of each sync identifier, the live outcomes of those task versions), then
/// kept current in memory as the ledger's writes are applied — and the writes themselves, gathered for a few
/// statements at the end of the transaction (docs/study-database.md, "Ingest"). No read goes to the server while
/// items are decided: the ledger's reads are synchronous, the connection is not.
struct ParticipantLedgerSource: IngestLedgerSource {
    /// Task versions by task id, oldest first.
    private let versions: [String: [CareTask]]
    /// The newest row of each sync identifier read, kept current.
    private var syncRows: [String: StoredSyncRow]
    /// The sync identifier of each row in `syncRows`.
    private var rowSyncIDs: [UUID: String] = [:]
    /// Live outcomes by task version and occurrence, kept current.
    private var holders: [UUID: [Int: EventHolder]]
    /// Where each live row in `holders` sits.
    private var holderKeys: [UUID: (task: UUID, occurrence: Int)] = [:]

    /// New rows, in the order decided.
    private(set) var newRows: [StudyOutcomeRow] = []
    private var newRowIndex: [UUID: Int] = [:]
    /// Stored rows to end, in the order decided.
    private(set) var ends: [(uuid: UUID, at: Date, reason: OutcomeEndReason)] = []
    private var endIndex: [UUID: Int] = [:]
    /// Stored rows, ended before this transaction, to mark replaced.
    private(set) var relabels: [UUID] = []

    /// A source over what was read.
    init(versions: [String: [CareTask]], syncRows: [String: StoredSyncRow], holders: [UUID: [Int: EventHolder]]) {
        self.versions = versions
        self.syncRows = syncRows
        self.holders = holders
        for (sync, row) in syncRows { rowSyncIDs[row.uuid] = sync }
        for (task, byOccurrence) in holders {
            for (occurrence, holder) in byOccurrence { holderKeys[holder.uuid] = (task, occurrence) }
        }
    }

    func taskVersions(id: String) throws -> [CareTask] {
        versions[id] ?? []
    }

    func newestOutcomes(syncIDs: [String]) throws -> [String: StoredSyncRow] {
        var result: [String: StoredSyncRow] = [:]
        for sync in syncIDs { result[sync] = syncRows[sync] }
        return result
    }

    func liveOutcomes(taskVersion: UUID, occurrences: ClosedRange<Int>) throws -> [Int: EventHolder] {
        (holders[taskVersion] ?? [:]).filter { occurrences.contains($0.key) }
    }

    /// Applies one decided write: to the rows to store, and to what later reads see.
    mutating func apply(_ write: IngestWrite, recordedUTCOffset: Int?, recordedTimeZone: String?, serverSeq: Int64) {
        switch write {
        case .insert(let outcome):
            newRowIndex[outcome.uuid] = newRows.count
            newRows.append(
                StudyOutcomeRow(
                    outcome: outcome, recordedUTCOffset: recordedUTCOffset, recordedTimeZone: recordedTimeZone,
                    serverSeq: serverSeq))
            if let sync = outcome.syncID {
                if let previous = syncRows[sync] { rowSyncIDs[previous.uuid] = nil }
                rowSyncIDs[outcome.uuid] = sync
                syncRows[sync] = StoredSyncRow(
                    uuid: outcome.uuid, id: outcome.id, version: outcome.syncVersion, live: outcome.deletedDate == nil,
                    superseded: outcome.endReason == .superseded, taskVersionUUID: outcome.taskVersionUUID,
                    occurrence: outcome.occurrence)
            }
            if outcome.deletedDate == nil {
                holders[outcome.taskVersionUUID, default: [:]][outcome.occurrence] = EventHolder(
                    uuid: outcome.uuid, syncID: outcome.syncID, runEnd: outcome.runEndDate ?? outcome.createdDate)
                holderKeys[outcome.uuid] = (outcome.taskVersionUUID, outcome.occurrence)
            }
        case .end(let uuid, let date, let reason):
            guard let key = holderKeys.removeValue(forKey: uuid) else { return }  // no longer live: no change
            holders[key.task]?[key.occurrence] = nil
            if let index = newRowIndex[uuid] {
                newRows[index].outcome.deletedDate = date
                newRows[index].outcome.endReason = reason
            } else {
                endIndex[uuid] = ends.count
                ends.append((uuid, date, reason))
            }
            markEnded(uuid, reason: reason)
        case .markReplaced(let uuid):
            if let index = newRowIndex[uuid] {
                newRows[index].outcome.endReason = .replaced
            } else if let index = endIndex[uuid] {
                ends[index].reason = .replaced
            } else {
                relabels.append(uuid)
            }
            markEnded(uuid, reason: .replaced)
        }
    }

    /// Keeps the sync row of `uuid`, if it is its sync identifier's newest, in step with its end.
    private mutating func markEnded(_ uuid: UUID, reason: OutcomeEndReason) {
        guard let sync = rowSyncIDs[uuid] else { return }
        syncRows[sync]?.live = false
        syncRows[sync]?.superseded = reason == .superseded
    }
}
