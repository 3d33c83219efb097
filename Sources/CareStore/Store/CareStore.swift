import Foundation
import GRDB
import RegimenFoundation
public import SystemPackage

/// The care store: versioned tasks, their events, outcomes and adherence, with CareKit's semantics
/// (docs/carekit-store.md, "Tasks and versions" and "Adherence"), backed by SQLite through GRDB.
///
/// One API, two stores: `CareStore(path:)` opens or creates a SQLite file (WAL, readable by its owner only), and
/// `CareStore.inMemory()` keeps everything in memory. Every call runs in one transaction. All times come from
/// arguments; the store never reads the clock.
public final class CareStore: Sendable {
    let writer: any DatabaseWriter
    /// Decoded task versions (rows are immutable).
    let taskCache = TaskCache()
    /// The sync identifiers ingested so far, while the store is `.staged` (`StagedSyncIDs`).
    let stagedSyncIDs = StagedSyncIDs()
    /// The database file, or nil for an in-memory store.
    package let path: FilePath?
    /// How the store was opened in the end (a file asked for `.single` is `.pooled` when it had to be set up).
    let connection: Connection

    /// How a store file is opened.
    public enum Connection: Sendable {
        /// A writer and concurrent readers (GRDB's pool). Opening one writes a little (it makes sure the WAL file is
        /// not empty), so it suits commands that write anyway.
        case pooled
        /// One connection that writes nothing until asked: for short commands that mostly read, such as the care
        /// feed. A file that is new or needs migrating is first set up as `pooled` does.
        case single
        /// For filling a store in one go (`regimen ingest`): a missing file is made and filled under a hidden name and
        /// appears at the path, whole, only when `publish()` is called; an existing file opens as `pooled` does. The
        /// hidden file's connection does not enforce references (docs/store-file.md): only for writes that add rows,
        /// parents first, as ingest's do.
        case staged
    }

    /// Why a store was opened for reading only.
    package enum ReadOnlyCause: Sendable {
        /// The file's mode bits (or its file system) do not let this process write it: writes throw `.readOnly`.
        case readOnlyFile
        /// The disk holding it is full, so it could not be opened for writing: writes throw `.diskFull`.
        case diskFull
    }

    /// Why the store was opened for reading only; nil for a store that writes.
    package let readOnlyCause: ReadOnlyCause?
    /// True when the store was opened for reading only (`readOnlyCause`) and every write throws.
    package var isReadOnly: Bool { readOnlyCause != nil }

    /// The error every write throws on a store opened for reading only; nil when the store writes.
    var writeRefusal: CareStoreError? {
        guard let path, let readOnlyCause else { return nil }
        switch readOnlyCause {
        case .readOnlyFile: return .readOnly(path: path)
        case .diskFull: return .diskFull(path: path)
        }
    }
    /// The hidden new file a `.staged` store writes to until `publish()`.
    private let staged: StagedStoreFile?
    /// True for a new store filled under a hidden name that no one sees until `publish()`.
    package var isStaged: Bool { staged != nil }

    /// Opens (or creates) the store file at `path`: folder created 0700 if missing, file and its -wal/-shm 0600.
    ///
    /// The file is the participant's data (docs/store-file.md): a missing file is created whole (set up beside it
    /// and linked into place, so no one ever sees it half made); an existing file that is empty, not SQLite or not a
    /// care store is an error and is left as it is. A read-only file is never chmod'ed or written: `.single` opens it
    /// for reading (`isReadOnly`), `.pooled` — asked for by commands that write — throws `.readOnly`.
    public init(path: FilePath, connection: Connection = .pooled) throws(CareStoreError) {
        self.path = path
        let folder = path.removingLastComponent()
        let files = FileManager.default
        if !folder.isEmpty, !files.fileExists(atPath: folder.string) {
            do throws(FileError) {
                try PrivateFiles.makeFolder(folder)
            } catch {
                throw .cannotOpen(path: error.path, reason: "cannot create folder: \(error.reason)")
            }
        }
        if !files.fileExists(atPath: path.string) {
            if connection == .staged {
                let staged = try StagedStoreFile(
                    path: path, configuration: Self.configuration, migrator: CareStoreMigrations.migrator)
                self.staged = staged
                writer = staged.queue
                self.connection = .staged
                readOnlyCause = nil
                return
            }
            try Self.create(path)
        }
        staged = nil
        let file = try StoreFile.inspect(path)
        if file.isReadOnly {
            guard connection == .single else { throw .readOnly(path: path) }
            writer = try Self.openReadOnly(file)
            self.connection = .single
            readOnlyCause = .readOnlyFile
            return
        }
        do {
            let queue = try DatabaseQueue(path: path.string, configuration: Self.configuration)
            // Outside a transaction and GRDB's read-only switch: three small reads of the schema, each consistent.
            let state = try queue.inDatabase { db in try Self.state(db) }
            guard state != .foreign else { throw CareStoreError.notAStore(path: path, problem: .notACareStore) }
            if connection == .single, state == .ready {
                writer = queue
                self.connection = .single
            } else {
                try queue.close()
                let pool = try Self.openPool(path)
                try Self.migrate(pool)
                writer = pool
                self.connection = .pooled
            }
            readOnlyCause = nil
        } catch {
            let failure = error as? CareStoreError ?? Self.openingError(error, path: path)
            // Reading needs no room: on a full disk, a command that only reads opens the store as a read-only file is
            // opened (docs/store-file.md, "A full disk").
            guard failure == .diskFull(path: path), connection == .single else { throw failure }
            writer = try Self.openReadOnly(file)
            self.connection = .single
            readOnlyCause = .diskFull
            return
        }
        // Only a file that opened as a care store is made owner-only; anything else is left as it was found.
        for suffix in ["", "-wal", "-shm"] { try? PrivateFiles.tighten(FilePath(path.string + suffix)) }
    }

    /// What an existing SQLite file holds.
    private enum FileState { case ready, needsSetUp, foreign }

    /// Plain queries rather than GRDB's schema introspection (`tableExists`, `hasCompletedMigrations`): those build
    /// GRDB's schema cache and generic sets, whose first use costs more of a short command's start than the queries.
    private static func state(_ db: Database) throws -> FileState {
        let tables = try Row.fetchAll(
            db, sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'")
        guard !tables.isEmpty else { return .foreign }
        guard try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal" else { return .needsSetUp }
        return try hasAllMigrations(db) ? .ready : .needsSetUp
    }

    /// Whether every registered migration is recorded as applied.
    private static func hasAllMigrations(_ db: Database) throws -> Bool {
        let applied = try Row.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").compactMap {
            $0[0] as String?
        }
        return CareStoreMigrations.migrator.migrations.allSatisfy(applied.contains)
    }

    /// Creates a new store at `path` whole: set up (migrated, 0600) under a hidden name in the same folder, then
    /// hard-linked into place (`StagedStoreFile`), which fails harmlessly when another process got there first.
    private static func create(_ path: FilePath) throws(CareStoreError) {
        let staged = try StagedStoreFile(
            path: path, configuration: configuration, migrator: CareStoreMigrations.migrator)
        _ = try staged.publish()
    }

    /// Puts a `.staged` store filled under a hidden name at its path (write-ahead log on, flushed, linked into place);
    /// the store is closed then. Throws `.createdMeanwhile` when another process created a store there meanwhile.
    /// Stores opened otherwise are already in place: nothing to do.
    package func publish() throws(CareStoreError) {
        guard let staged else { return }
        guard try staged.publish() else { throw .createdMeanwhile(path: staged.path) }
    }

    /// Drops a `.staged` store that will not be published: closes it and removes its hidden file now, whoever else
    /// still holds it. Stores opened otherwise are left as they are.
    package func discard() {
        staged?.discard()
    }

    /// One read-only connection to a read-only store file. Without a pending write-ahead log the file is opened as
    /// immutable, so SQLite creates no -wal or -shm beside it; otherwise the log is read as SQLite does.
    private static func openReadOnly(_ file: StoreFile) throws(CareStoreError) -> DatabaseQueue {
        var configuration = configuration
        configuration.readonly = true
        do {
            var queue: DatabaseQueue?
            if !file.hasPendingLog {
                let escaped = file.path.string.replacingOccurrences(of: "%", with: "%25")
                    .replacingOccurrences(of: "?", with: "%3f").replacingOccurrences(of: "#", with: "%23")
                // SQLite without URI support reads "file:…" as a file name, which a read-only open cannot create.
                queue = try? DatabaseQueue(path: "file:\(escaped)?immutable=1", configuration: configuration)
            }
            let opened = try queue ?? DatabaseQueue(path: file.path.string, configuration: configuration)
            let state = try opened.read { db in try Self.state(db) }
            switch state {
            case .foreign: throw CareStoreError.notAStore(path: file.path, problem: .notACareStore)
            case .needsSetUp:
                // An older store in rollback-journal mode reads fine; only missing migrations need a write.
                let migrated = try opened.read { db in try Self.hasAllMigrations(db) }
                guard migrated else { throw CareStoreError.readOnlyNeedsUpgrade(path: file.path) }
            case .ready: break
            }
            return opened
        } catch let error as CareStoreError {
            throw error
        } catch {
            throw openingError(error, path: file.path)
        }
    }

    /// The error for a failure while opening or setting up the file at `path`.
    static func openingError(_ error: any Error, path: FilePath) -> CareStoreError {
        participantCase(of: error, path: path) ?? .cannotOpen(path: path, reason: "\(error)")
    }

    /// The participant's case when SQLite's result code names one (damaged, read-only, disk full), else nil. A full
    /// disk often reaches SQLite as an I/O error (growing the shared-memory file of the write-ahead log, or a write)
    /// or a file it cannot open: those are `.diskFull` when the disk holding the store has no room left.
    private static func participantCase(of error: any Error, path: FilePath) -> CareStoreError? {
        guard let database = error as? DatabaseError else { return nil }
        switch database.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notAStore(path: path, problem: .damaged)
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_FULL: return .diskFull(path: path)
        case .SQLITE_IOERR, .SQLITE_CANTOPEN: return DiskSpace.isFull(at: path) ? .diskFull(path: path) : nil
        default: return nil
        }
    }

    private init(inMemoryWriter: any DatabaseWriter) {
        writer = inMemoryWriter
        path = nil
        connection = .single
        readOnlyCause = nil
        staged = nil
    }

    /// Creates an empty store that lives in memory only.
    public static func inMemory() throws(CareStoreError) -> CareStore {
        do {
            let queue = try DatabaseQueue(configuration: configuration)
            try CareStoreMigrations.migrator.migrate(queue)
            return CareStore(inMemoryWriter: queue)
        } catch {
            throw .database(operation: "create a store in memory", reason: "\(error)")
        }
    }

    /// Opens the pool. Switching a brand-new file to WAL needs an exclusive lock, and SQLite answers SQLITE_BUSY at
    /// once (without the busy handler) when another process is doing the same, so that case is retried for up to 30 s.
    private static func openPool(_ path: FilePath) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(30)
        while true {
            do {
                return try DatabasePool(path: path.string, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                usleep(20_000)
            }
        }
    }

    /// Runs the migrations. Two processes opening a new store at once may both try to apply one (the migrator decides
    /// what to apply before it takes the write lock); the loser's transaction rolls back and a retry finds it applied.
    private static func migrate(_ pool: DatabasePool) throws {
        var attempt = 0
        while true {
            do {
                try CareStoreMigrations.migrator.migrate(pool)
                return
            } catch {
                attempt += 1
                if attempt >= 10 { throw error }
                usleep(UInt32(20_000 * attempt))
            }
        }
    }

    /// How long a connection waits for another process's lock before giving up.
    static let busyTimeoutMilliseconds = 60_000

    private static var configuration: Configuration {
        SQLiteProcessSettings.apply
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "CareStore"
        // Several processes may share one store file (e.g. two `regimen ingest`): wait for the write lock.
        configuration.busyMode = .timeout(Double(busyTimeoutMilliseconds) / 1000)
        // Statement journals (every insert that fires the change trigger has one) in memory instead of temporary files:
        // they only ever hold the statement in flight, so durability is unchanged, and bulk ingest no longer writes
        // each journaled page to a temporary file.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA temp_store = MEMORY") }
        return configuration
    }

    /// Runs `body` in one write transaction, mapping errors to `CareStoreError`.
    func write<T: Sendable>(_ operation: String, _ body: @Sendable (Database) throws -> T) throws(CareStoreError) -> T {
        if let writeRefusal { throw writeRefusal }
        do {
            return try writer.write(body)
        } catch let error as CareStoreError {
            throw error
        } catch {
            throw failure(error, operation: operation)
        }
    }

    /// Runs `body` in one read transaction, mapping errors to `CareStoreError`.
    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(CareStoreError) -> T {
        do {
            if connection == .single, let queue = writer as? DatabaseQueue {
                // One connection: a deferred transaction reads one snapshot, as GRDB's `read` does, but without its
                // read-only switch (`PRAGMA query_only`, set and reset on every read), which also makes SQLite prepare
                // the connection's cached statements again on their next use.
                return try queue.inDatabase { db in
                    var result: T?
                    try db.inTransaction(.deferred) {
                        result = try body(db)
                        return .commit
                    }
                    guard let result else { throw CareStoreError.database(operation: operation, reason: "no result") }
                    return result
                }
            }
            return try writer.read(body)
        } catch let error as CareStoreError {
            throw error
        } catch {
            throw failure(error, operation: operation)
        }
    }

    /// The error for a failed call: the participant's case when SQLite's code names one, else `operationFailed`.
    func failure(_ error: any Error, operation: String) -> CareStoreError {
        guard let path else { return .database(operation: operation, reason: "\(error)") }
        return Self.participantCase(of: error, path: path)
            ?? .operationFailed(path: path, operation: operation, reason: "\(error)")
    }
}
