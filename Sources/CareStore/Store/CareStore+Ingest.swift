import CareModel
import Foundation
import GRDB

extension CareStore {
    /// Stores one recorded result idempotently, deciding in one transaction (see `ingest(_:)` for the rules).
    package func ingest(_ item: OutcomeIngest) throws(CareStoreError) -> IngestReport {
        guard let result = try ingest([item]).first else {
            throw .database(operation: "ingest outcome", reason: "no result")
        }
        return try result.get()
    }

    /// Stores recorded results idempotently, all in one write transaction (a rejected item writes nothing and does not
    /// stop the others; a database failure rolls the whole batch back). Per item, looking at the newest outcome row with its
    /// `syncID` (live, replaced, deleted or superseded):
    ///
    /// - same version → `.unchanged`; lower version → `.olderVersion` (ignored);
    /// - higher version → `.replaced`: a new version with the same outcome id (the old live one ends as replaced);
    /// - none → `.added`.
    ///
    /// The event is the task's event starting in `item.day` — the last one starting at or before `runEndDate`, else the
    /// first. When another run's outcome holds that event, the run that ended later (ties: the greater sync id) holds
    /// it and the other outcome is kept as superseded (`supersededOutcomes`), never lost. Every write is recorded in the
    /// change feed by the store's triggers.
    ///
    /// The transaction commits with `synchronous = NORMAL` (WAL): a crash of the process still leaves whole batches
    /// only, but a power cut may lose the last batches committed, which ingesting the same files again restores (the
    /// files stay where they are). Checkpoints run every 10,000 WAL pages instead of 1,000 while it writes. A `.staged`
    /// store is written with syncing off and flushed once when published.
    ///
    /// A new store not yet published (`isUnpublished`) and holding no outcome takes the items in one transaction with
    /// its foreign keys checked once, for the rows written, before it commits, instead of row by row: no one can see
    /// the store before it is published, and a failed check rolls everything back (docs/store-file.md, "Filling a new
    /// store"). `progress` hears the number of items stored, a batch at a time.
    package func ingest(
        _ items: [OutcomeIngest], progress: ((Int) -> Void)? = nil
    ) throws(CareStoreError) -> [Result<IngestReport, CareStoreError>] {
        if isReadOnly, let path { throw .readOnly(path: path) }
        do {
            if isUnpublished, let results = try writer.writeWithoutTransaction({ [taskCache] db in
                try Self.ingestIntoNewStore(items, cache: taskCache, progress: progress, db)
            }) {
                return results
            }
            let results = try writer.writeWithoutTransaction { [taskCache] db in
                let synchronous = try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? 2
                let checkpointPages = try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 1000
                // Never raised: a staged store's hidden file (`StagedStoreFile`) is written with syncing off.
                try db.execute(sql: "PRAGMA synchronous = \(min(synchronous, 1)); PRAGMA wal_autocheckpoint = 10000")
                defer {
                    try? db.execute(sql: "PRAGMA synchronous = \(synchronous); PRAGMA wal_autocheckpoint = \(checkpointPages)")
                }
                var results: [Result<IngestReport, CareStoreError>] = []
                try db.inTransaction {
                    results = try Self.ingest(items, cache: taskCache, batchSize: items.count, progress: nil, db)
                    return .commit
                }
                return results
            }
            progress?(items.count)
            return results
        } catch let error as CareStoreError {
            throw error
        } catch {
            throw failure(error, operation: "ingest outcomes")
        }
    }

    /// Items per ledger batch in a new store: the span of days whose events a batch computes at once stays small.
    private static let newStoreBatchSize = 2_000

    /// `ingest(_:)` into a new, unpublished store: nil, having written nothing, when the store already holds outcomes.
    private static func ingestIntoNewStore(
        _ items: [OutcomeIngest], cache: TaskCache, progress: ((Int) -> Void)?, _ db: Database
    ) throws -> [Result<IngestReport, CareStoreError>]? {
        guard try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM outcome)") == true else { return nil }
        // Outside a transaction, where SQLite allows switching enforcement; switched back before the store is used
        // otherwise.
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        var results: [Result<IngestReport, CareStoreError>] = []
        try db.inTransaction {
            results = try ingest(items, cache: cache, batchSize: newStoreBatchSize, progress: progress, db)
            try checkForeignKeys(of: ["outcome", "outcomeValue", "change"], db)
            return .commit
        }
        return results
    }

    /// Throws unless every row of `tables` refers to rows that exist (`PRAGMA foreign_key_check`).
    static func checkForeignKeys(of tables: [String], _ db: Database) throws {
        for table in tables {
            let broken = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check(\(table))")
            guard let first = broken.first else { continue }
            let parent: String = first["parent"] ?? "?"
            throw CareStoreError.database(
                operation: "ingest outcomes",
                reason: "\(broken.count) row(s) of \(table) refer to missing rows of \(parent); nothing was stored")
        }
    }

    /// The body of `ingest(_:)`, inside its transaction: the items in ledger batches of `batchSize` (each reads what
    /// the store holds for its items and the events of their days once, and writes its rows before the next reads).
    private static func ingest(
        _ items: [OutcomeIngest], cache: TaskCache, batchSize: Int, progress: ((Int) -> Void)?, _ db: Database
    ) throws -> [Result<IngestReport, CareStoreError>] {
        var results: [Result<IngestReport, CareStoreError>] = []
        results.reserveCapacity(items.count)
        for start in stride(from: 0, to: items.count, by: max(batchSize, 1)) {
            let chunk = items[start..<min(items.count, start + max(batchSize, 1))]
            var batch = try IngestBatch(items: chunk, cache: cache, db)
            for index in chunk.indices {
                // Every check comes before the item's first write, so a rejected item has written nothing and needs
                // no savepoint; a database error fails the whole transaction.
                do {
                    results.append(.success(try batch.ingest(items[index], db)))
                } catch let error as CareStoreError {
                    results.append(.failure(error))
                }
            }
            try batch.finish(db)
            progress?(chunk.count)
        }
        return results
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
