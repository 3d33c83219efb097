package import CareModel
import Foundation
import GRDB
import RegimenFoundation

extension CareStore {
    /// Stores one recorded result idempotently, deciding in one transaction (see `ingest(_:)` for the rules).
    package func ingest(_ item: OutcomeIngest) throws(CareStoreError) -> IngestReport {
        guard let result = try ingest([item]).first else {
            throw .database(operation: "ingest outcome", reason: "no result")
        }
        return try result.get()
    }

    /// Stores recorded results idempotently, all in one write transaction (a rejected item writes nothing and does not
    /// stop the others; a database failure rolls the whole batch back). Per item, looking at the newest outcome row
    /// with its `syncID` (live, replaced, deleted or superseded):
    ///
    /// - same version → `.unchanged`; lower version → `.olderVersion` (ignored);
    /// - higher version → `.replaced`: a new version with the same outcome id (the old live one ends as replaced);
    /// - none → `.added`.
    ///
    /// The event is the task's event starting in `item.day` — the last one starting at or before `runEndDate`, else the
    /// first. When another run's outcome holds that event, the run that ended later (ties: the greater sync id) holds
    /// it and the other outcome is kept as superseded (`supersededOutcomes`), never lost. Every write is recorded in
    /// the change feed by the store's triggers (a `.staged` store's batch writes what its insert triggers would:
    /// `OutcomeInsertTriggers`).
    ///
    /// The transaction commits with `synchronous = NORMAL` (WAL): a crash of the process still leaves whole batches
    /// only, but a power cut may lose the last batches committed, which ingesting the same files again restores (the
    /// files stay where they are). Checkpoints run every 10,000 WAL pages instead of 1,000 while it writes. A `.staged`
    /// store is written with syncing off and flushed once when published.
    package func ingest(_ items: [OutcomeIngest]) throws(CareStoreError) -> [Result<IngestReport, CareStoreError>] {
        try ingest(items[...])
    }

    /// `ingest(_:)` of a slice of a larger array, e.g. one batch of many (no item is copied).
    package func ingest(_ items: ArraySlice<OutcomeIngest>) throws(CareStoreError) -> [Result<
        IngestReport, CareStoreError
    >] {
        if let writeRefusal { throw writeRefusal }
        do {
            let known = isStaged ? stagedSyncIDs : nil
            return try writer.writeWithoutTransaction { [taskCache] db in
                let synchronous = try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? 2
                let checkpointPages = try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 1000
                // Never raised: a staged store's hidden file (`StagedStoreFile`) is written with syncing off.
                try db.execute(sql: "PRAGMA synchronous = \(min(synchronous, 1)); PRAGMA wal_autocheckpoint = 10000")
                defer {
                    try? db.execute(
                        sql: "PRAGMA synchronous = \(synchronous); PRAGMA wal_autocheckpoint = \(checkpointPages)")
                }
                var results: [Result<IngestReport, CareStoreError>] = []
                var lastSeq: Int?
                try db.inTransaction {
                    results = try Self.ingest(items, cache: taskCache, known: known, db)
                    if known != nil {
                        lastSeq = try Int.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) FROM outcome") ?? 0
                    }
                    return .commit
                }
                // Recorded once committed: a batch rolled back leaves the table, and the record, as they were.
                if let known, let lastSeq { known.record(items, lastSeq: lastSeq) }
                return results
            }
        } catch let error as CareStoreError {
            throw error
        } catch {
            throw failure(error, operation: "ingest outcomes")
        }
    }

    /// The body of `ingest(_:)`, inside its transaction, on the database's thread: the batch's first reads here, then
    /// the items decided on another thread while this one writes their rows (`IngestPipe`). A batch of less than a
    /// statement's rows has nothing to overlap and is decided here.
    private static func ingest(
        _ items: ArraySlice<OutcomeIngest>, cache: TaskCache, known: StagedSyncIDs?, _ db: Database
    ) throws -> [Result<IngestReport, CareStoreError>] {
        let batch = try IngestBatch(items: items, cache: cache, known: known, db)
        // What holds the batch's statements is kept to the end, so that they are released on this thread
        // (`IngestDecider.batch`). Only that: the batch itself is handed over, since a second copy of it here would
        // share the ledger's tables, and the decider's first change to them would copy them whole.
        let statements = batch.source
        defer { withExtendedLifetime(statements) {} }
        let pipe = items.count < OutcomeRowBuffer.outcomesPerStatement ? nil : IngestPipe()
        if let pipe { statements.connect(pipe) }
        let deciding = IngestDecider(batch: consume batch, items: items)
        if let pipe {
            // A thread of its own, not a shared pool's: this thread waits for it, and a pool whose threads all wait
            // so (many stores ingesting at once) would never start it. `serve` returns once it has called `finish`,
            // after its last write.
            let decider = WorkerThread.start {
                deciding.run()
                pipe.finish()
            }
            defer { decider.join() }
            try pipe.serve(db)
        } else {
            deciding.run()
        }
        if let error = deciding.error { throw error }
        return deciding.results
    }

    /// Outcomes that lost their event to a run that ended later (and were not replaced since), oldest first,
    /// optionally only of task `taskID`.
    package func supersededOutcomes(taskID: String? = nil) throws(CareStoreError) -> [Outcome] {
        var condition = "o.endReason = 'superseded'"
        var arguments = StatementArguments()
        if let taskID {
            condition += " AND o.taskUUID IN (SELECT uuid FROM task WHERE id = ?)"
            arguments += [taskID]
        }
        return try read("fetch superseded outcomes") { [condition, arguments] db in
            try OutcomeRecord.fetch(where: condition, arguments: arguments, includeEnded: true, db)
        }
    }
}

/// The deciding half of an ingest transaction: decides every item in order, its writes queued for the database's
/// thread. A refused item writes nothing and does not stop the others; any other error stops the batch.
// Unchecked: made on the caller's thread, then used by the deciding thread alone until `run` returns; the caller reads
// it only after `IngestPipe.serve` returns, which the deciding thread's `finish` (under the lock of the pipe's channel) orders after
// `run` (docs/concurrency.md, "Shared state").
private final class IngestDecider: @unchecked Sendable {
    /// Taken by `run`, which lets go of it before returning: the batch holds prepared statements, and the last
    /// reference to them must end on the database's thread (where the transaction's caller still holds the batch's
    /// `source`), never here after the store has gone on to close its connection.
    private var batch: IngestBatch?
    /// Taken by `run` too: the slice shares the caller's array, which the caller changes once the batch is stored
    /// (`IngestRun` frees each stored item's values), and a reference left here until this thread exits would make
    /// that change copy the whole array.
    private var items: ArraySlice<OutcomeIngest>?
    /// Each item's report or refusal, in order.
    private(set) var results: [Result<IngestReport, CareStoreError>] = []
    /// What stopped the batch, if anything did.
    private(set) var error: (any Error)?

    init(batch: IngestBatch, items: ArraySlice<OutcomeIngest>) {
        self.batch = batch
        self.items = items
    }

    /// Decides every item and queues the last rows; read `results` and `error` once it has returned.
    func run() {
        guard var batch = batch.take(), let items = items.take() else { return }
        results.reserveCapacity(items.count)
        do {
            for index in items.indices {
                // Every check comes before the item's first write, so a rejected item has written nothing and needs
                // no savepoint; a database error fails the whole transaction.
                do {
                    results.append(.success(try batch.ingest(items[index])))
                } catch let error as CareStoreError {
                    results.append(.failure(error))
                }
            }
            try batch.finish()
        } catch {
            self.error = error
        }
    }
}
