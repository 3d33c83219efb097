import Foundation

@testable import CareModel

/// A store held in memory for the ledger tests: task versions by id and outcome rows in insertion order, with the
/// ledger's writes applied the way a store applies them, and a log of the live-outcome reads it was asked for.
struct MemoryLedgerSource: IngestLedgerSource {
    var tasks: [String: [CareTask]] = [:]
    var rows: [Outcome] = []
    var liveReads: [(task: UUID, occurrences: ClosedRange<Int>)] = []

    mutating func taskVersions(id: String) throws -> [CareTask] { tasks[id] ?? [] }

    mutating func newestOutcomes(syncIDs: [String]) throws -> [String: StoredSyncRow] {
        var result: [String: StoredSyncRow] = [:]
        for row in rows {
            guard let sync = row.syncID, syncIDs.contains(sync) else { continue }
            result[sync] = StoredSyncRow(
                uuid: row.uuid, id: row.id, version: row.syncVersion, live: row.deletedDate == nil,
                superseded: row.endReason == .superseded, taskVersionUUID: row.taskVersionUUID,
                occurrence: row.occurrence)
        }
        return result
    }

    mutating func liveOutcomes(taskVersion: UUID, occurrences: ClosedRange<Int>) throws -> [Int: EventHolder] {
        liveReads.append((taskVersion, occurrences))
        var result: [Int: EventHolder] = [:]
        for row in rows
        where row.taskVersionUUID == taskVersion && occurrences.contains(row.occurrence) && row.deletedDate == nil {
            result[row.occurrence] = EventHolder(
                uuid: row.uuid, syncID: row.syncID, runEnd: row.runEndDate ?? row.createdDate)
        }
        return result
    }

    /// Applies `writes` in order, as a store does.
    mutating func apply(_ writes: [IngestWrite]) {
        for write in writes {
            switch write {
            case .insert(let outcome):
                rows.append(outcome)
            case .end(let uuid, let date, let reason):
                if let index = rows.firstIndex(where: { $0.uuid == uuid && $0.deletedDate == nil }) {
                    rows[index].deletedDate = date
                    rows[index].endReason = reason
                }
            case .markReplaced(let uuid):
                if let index = rows.firstIndex(where: { $0.uuid == uuid }) { rows[index].endReason = .replaced }
            }
        }
    }
}
