import CareModel
import Foundation
import GRDB
import RegimenFoundation

/// One `CareStore.ingest` transaction: the ingest rules of `IngestLedger` (CareModel) over this store file. The ledger
/// decides each item; the batch writes its decisions, in order, new rows queued for multi-row inserts. Made on the
/// database's thread (the ledger's first reads), then its `source` is connected to an `IngestPipe` and the batch used
/// on the deciding thread.
struct IngestBatch {
    /// Where the batch reads and writes: it holds the batch's prepared statements.
    let source: SQLiteIngestSource
    private var ledger: IngestLedger<SQLiteIngestSource>
    /// Row UUIDs of new outcomes, each from its item's created date.
    private var uuids = TimeOrderedUUIDs()

    /// The batch's first reads; `known`, the sync identifiers a staged store's ingests wrote so far, spares the
    /// lookup of the others when it still holds.
    init(items: ArraySlice<OutcomeIngest>, cache: TaskCache, known: StagedSyncIDs?, _ db: Database) throws {
        let logged = try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal"
        let stored = try Int.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) FROM outcome") ?? 0
        try db.execute(
            sql: "PRAGMA cache_size = -\(Self.cacheKiB(outcomes: stored + items.count, writeAheadLog: logged))")
        source = try SQLiteIngestSource(db, cache: cache, known: known?.current(lastSeq: stored))
        ledger = try IngestLedger(items: items, source: source)
    }

    /// The page cache of a transaction that leaves the store with about `outcomes` outcome rows, in KiB
    /// (docs/performance.md, "The page cache of an ingest"): a few MiB at most, never the whole store, so that ingest's
    /// memory does not grow with the store.
    /// - A store with a write-ahead log keeps 4 MiB: there a page spilled in the middle of the transaction goes to the
    ///   log, and the cache that grows with the store was measured 3% slower.
    /// - A new store filled unseen (its journal in memory) writes a spilled page in place, and new rows fill the
    ///   tables' pages in order, so a full page is not touched again. The size was set for the two indexes keyed by the
    ///   runs' identifiers (`outcome_by_task_run`, `outcome_by_sync`, about 105 bytes an outcome together), whose
    ///   leaves such a store touched at random; it now builds them once before publishing (`OutcomeRunIndexes`), and a
    ///   smaller cache has not been measured yet. From 1 MiB up to 4 MiB.
    static func cacheKiB(outcomes: Int, writeAheadLog: Bool) -> Int {
        writeAheadLog ? 4_096 : min(4_096, max(1_024, outcomes * 160 / 1_024))
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
