import CareModel
import Foundation
import GRDB
import RegimenFoundation

/// One `CareStore.ingest` transaction: the ingest rules of `IngestLedger` (CareModel) over this store file. The ledger
/// decides each item; the batch writes its decisions, in order, new rows queued for multi-row inserts.
struct IngestBatch {
    private let source: SQLiteIngestSource
    private var ledger: IngestLedger<SQLiteIngestSource>
    /// Row UUIDs of new outcomes.
    private var uuids = RandomUUIDs()
    /// The page cache during an ingest transaction, in KiB.
    static let cacheKiB = 4_096

    init(items: ArraySlice<OutcomeIngest>, cache: TaskCache, _ db: Database) throws {
        // A few MiB of pages, not the whole store: new table rows fill pages in order, so a full page spilled to the
        // WAL in the middle of the transaction is not touched again, and the indexes' pages (a few hundred for 10,000
        // outcomes) fit. A cache holding the store would make ingest's memory grow with the store.
        try db.execute(sql: "PRAGMA cache_size = -\(Self.cacheKiB)")
        source = SQLiteIngestSource(db, cache: cache)
        ledger = try IngestLedger(items: items, source: source)
    }

    /// Writes the rows still queued; the batch's last call before its transaction commits.
    mutating func finish(_ db: Database) throws {
        try source.rows.flush(db)
    }

    /// Decides and stores one item (see `CareStore.ingest(_:)`). A refused item has written nothing.
    mutating func ingest(_ item: OutcomeIngest, _ db: Database) throws -> IngestReport {
        let decision: (report: IngestReport, writes: [IngestWrite])
        do {
            decision = try ledger.ingest(item, newUUID: uuids.make())
        } catch let refusal as IngestRefusal {
            throw CareStoreError(refusal)
        }
        for write in decision.writes {
            switch write {
            case .insert(let outcome):
                try source.rows.append(
                    outcome, uuid: outcome.uuid.text, taskUUID: source.taskText(outcome.taskVersionUUID), db)
            case .end(let uuid, let date, let reason):
                try source.rows.flush(db)
                try CareStore.endOutcome(uuid: uuid.text, at: date, reason: reason, db)
            case .markReplaced(let uuid):
                try source.rows.flush(db)
                try db.cachedStatement(sql: "UPDATE outcome SET endReason = 'replaced' WHERE uuid = ?")
                    .execute(arguments: [uuid.text])
            }
        }
        return decision.report
    }
}

extension CareStoreError {
    /// The store's error for an item the ingest rules refused.
    init(_ refusal: IngestRefusal) {
        switch refusal {
        case .taskNotFound(let id): self = .taskNotFound(id: id)
        case .taskDeleted(let id): self = .taskDeleted(id: id)
        case .noEventOnDay(let taskID, let dayStart): self = .noEventOnDay(taskID: taskID, dayStart: dayStart)
        }
    }
}
