import CareModel
import Foundation
import GRDB
import RegimenFoundation

/// One `CareStore.ingest` transaction: the ingest rules of `IngestLedger` (CareModel) over this store file. The ledger
/// decides each item; the batch writes its decisions, in order, new rows queued for multi-row inserts. Made on the
/// database's thread (the ledger's first reads), then `connect`ed to an `IngestPipe` and used on the deciding thread.
struct IngestBatch {
    private let source: SQLiteIngestSource
    private var ledger: IngestLedger<SQLiteIngestSource>
    /// Row UUIDs of new outcomes, each from its item's created date.
    private var uuids = TimeOrderedUUIDs()
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

    /// From now on, every read and write goes through `pipe`.
    func connect(_ pipe: IngestPipe) {
        source.connect(pipe)
    }

    /// Writes the rows still queued; the batch's last call before its transaction commits.
    func finish() throws {
        try source.flush()
    }

    /// Decides and stores one item (see `CareStore.ingest(_:)`). A refused item has written nothing.
    mutating func ingest(_ item: OutcomeIngest) throws -> IngestReport {
        let decision: (report: IngestReport, writes: [IngestWrite])
        do {
            decision = try ledger.ingest(item, newUUID: uuids.make(at: item.createdDate))
        } catch let refusal as IngestRefusal {
            throw CareStoreError(refusal)
        }
        for write in decision.writes {
            switch write {
            case .insert(let outcome):
                try source.append(outcome)
            case .end(let uuid, let date, let reason):
                let text = uuid.text
                try source.write { db in try CareStore.endOutcome(uuid: text, at: date, reason: reason, db) }
            case .markReplaced(let uuid):
                let text = uuid.text
                try source.write { db in
                    try db.cachedStatement(sql: "UPDATE outcome SET endReason = 'replaced' WHERE uuid = ?")
                        .execute(arguments: [text])
                }
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
