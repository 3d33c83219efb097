import CareModel
import Foundation
import GRDB
import RegimenFoundation

/// What an ingest transaction's `IngestLedger` reads from the store file, and the new outcome rows queued for it
/// (multi-row inserts): the queue is written before any read of `outcome`, so reads see every write of the batch.
/// A class: the ledger reads through it while `IngestBatch` writes through it.
///
/// It starts on the database's thread, reading directly (the ledger's first reads); once `connect`ed to an
/// `IngestPipe` it is used on the deciding thread only, and every read and write goes through the pipe.
final class SQLiteIngestSource: IngestLedgerSource {
    /// How the database is reached.
    private enum Access {
        /// On the database's thread.
        case direct(Database)
        /// From the deciding thread.
        case piped(IngestPipe)
    }

    private var access: Access
    private let cache: TaskCache
    /// New outcome rows not written yet; flushed before any other write or read of `outcome`.
    private var rows: OutcomeRowBuffer

    /// The sync identifiers that may have rows, when known (`StagedSyncIDs`): the others are not looked up.
    private let known: StagedSyncIDs?

    init(_ db: Database, cache: TaskCache, known: StagedSyncIDs?) throws {
        access = .direct(db)
        self.cache = cache
        self.known = known
        rows = OutcomeRowBuffer(writingTriggerRows: try OutcomeInsertTriggers.areHeldBack(db))
    }

    /// From now on, reads and writes go through `pipe` (the caller moves to the deciding thread).
    func connect(_ pipe: IngestPipe) {
        access = .piped(pipe)
    }

    /// Runs `body` on the database's thread after every write queued before it (the queued rows first), and returns
    /// its result.
    private func read<T: Sendable>(_ body: @escaping (Database) throws -> T) throws -> T {
        try flush()
        switch access {
        case .direct(let db): return try body(db)
        case .piped(let pipe): return try pipe.ask(body)
        }
    }

    /// Runs `job` on the database's thread after every write queued before it (the queued rows first), without
    /// waiting when piped.
    func write(_ job: @escaping (Database) throws -> Void) throws {
        try flush()
        try send(job)
    }

    /// Queues `outcome` and its values.
    func append(_ outcome: Outcome) throws {
        if rows.append(outcome) { try flush() }
    }

    /// Writes every queued row.
    func flush() throws {
        guard let job = rows.takeWrite() else { return }
        try send(job)
    }

    /// Runs `job` on the database's thread after those before it.
    private func send(_ job: @escaping (Database) throws -> Void) throws {
        switch access {
        case .direct(let db): try job(db)
        case .piped(let pipe): try pipe.send(job)
        }
    }

    func taskVersions(id: String) throws -> [CareTask] {
        let cache = cache
        return try read { db in try TaskRecord.versions(id: id, db, cache: cache) }
    }

    /// Sync identifiers looked up per statement (the last chunk is padded by repeating its first identifier, so one
    /// cached statement serves every lookup).
    private static let syncLookupSize = 256
    private static let syncLookupSQL = """
        SELECT syncID, uuid, id, syncVersion, deletedDate, endReason, taskUUID, occurrence FROM outcome
        WHERE syncID IN (\(Array(repeating: "?", count: syncLookupSize).joined(separator: ","))) ORDER BY seq
        """

    /// Reads the newest row of each of `syncIDs` (rows come oldest first, so later ones overwrite earlier ones).
    func newestOutcomes(syncIDs: [String]) throws -> [String: StoredSyncRow] {
        let lookedUp = known?.mayHold(syncIDs) ?? syncIDs
        guard !lookedUp.isEmpty else {
            try flush()
            return [:]
        }
        return try read { db in try Self.newestOutcomes(syncIDs: lookedUp, db) }
    }

    private static func newestOutcomes(syncIDs: [String], _ db: Database) throws -> [String: StoredSyncRow] {
        var result: [String: StoredSyncRow] = [:]
        var start = 0
        while start < syncIDs.count {
            let chunk = syncIDs[start..<min(syncIDs.count, start + Self.syncLookupSize)]
            start += chunk.count
            let statement = try db.cachedStatement(sql: Self.syncLookupSQL)
            statement.setUncheckedArguments(StatementArguments())
            for index in 0..<Self.syncLookupSize {
                let text = index < chunk.count ? chunk[chunk.startIndex + index] : chunk[chunk.startIndex]
                let code = text.bind(to: statement.sqliteStatement, at: CInt(index + 1))
                guard code == 0 else {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code), message: "cannot bind a sync identifier")
                }
            }
            for row in try Row.fetchAll(statement) {
                guard let sync: String = row[0], let uuidText: String = row[1], let id: String = row[2],
                    let version: Int = row[3], let taskText: String = row[6], let occurrence: Int = row[7]
                else { throw CareStoreError.corruptRow(table: "outcome", column: "syncID/uuid/id", reason: "missing") }
                guard let uuid = UUIDText.parse(uuidText), let taskUUID = UUIDText.parse(taskText) else {
                    throw CareStoreError.corruptRow(table: "outcome", column: "uuid/taskUUID", reason: "not a UUID")
                }
                result[sync] = StoredSyncRow(
                    uuid: uuid, id: id, version: version, live: (row[4] as Double?) == nil,
                    superseded: (row[5] as String?) == OutcomeEndReason.superseded.rawValue, taskVersionUUID: taskUUID,
                    occurrence: occurrence)
            }
        }
        return result
    }

    /// Reads through the one-live-per-event index.
    func liveOutcomes(taskVersion: UUID, occurrences: ClosedRange<Int>) throws -> [Int: EventHolder] {
        let task = taskVersion.text
        return try read { db in try Self.liveOutcomes(taskText: task, occurrences: occurrences, db) }
    }

    private static func liveOutcomes(
        taskText: String, occurrences: ClosedRange<Int>, _ db: Database
    ) throws -> [Int: EventHolder] {
        let statement = try db.cachedStatement(
            sql: """
                SELECT occurrence, uuid, syncID, runEndDate, createdDate FROM outcome
                WHERE taskUUID = ? AND occurrence BETWEEN ? AND ? AND deletedDate IS NULL
                """)
        var result: [Int: EventHolder] = [:]
        for row in try Row.fetchAll(
            statement, arguments: [taskText, occurrences.lowerBound, occurrences.upperBound])
        {
            guard let occurrence: Int = row[0], let uuidText: String = row[1], let end: Double = row[3] ?? row[4] else {
                continue
            }
            guard let uuid = UUIDText.parse(uuidText) else {
                throw CareStoreError.corruptRow(table: "outcome", column: "uuid", reason: "not a UUID")
            }
            result[occurrence] = EventHolder(
                uuid: uuid, syncID: row[2], runEnd: Date(timeIntervalSinceReferenceDate: end))
        }
        return result
    }
}
