import Foundation
import GRDB

/// The care store: versioned tasks, their events, outcomes and adherence, with CareKit's semantics
/// (reference carekitstore.md §1.7, §3, §4.4), backed by SQLite through GRDB.
///
/// One API, two stores: `CareStore(path:)` opens or creates a SQLite file (WAL, readable by its owner only), and
/// `CareStore.inMemory()` keeps everything in memory. Every call runs in one transaction. All times come from
/// arguments; the store never reads the clock.
public final class CareStore: Sendable {
    let writer: any DatabaseWriter
    /// Decoded task versions (rows are immutable).
    let taskCache = TaskCache()
    /// The database file, or nil for an in-memory store.
    public let path: String?
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
    }

    /// Opens (or creates) the store file at `path`: folder created 0700 if missing, file and its -wal/-shm 0600.
    public init(path: String, connection: Connection = .pooled) throws(CareStoreError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        let files = FileManager.default
        if !folder.isEmpty, !files.fileExists(atPath: folder) {
            do {
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotOpen(path: folder, reason: "cannot create folder: \(error.localizedDescription)")
            }
            chmod(folder, 0o700)
        }
        if !files.fileExists(atPath: path) {
            let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
            guard descriptor >= 0 else {
                throw .cannotOpen(path: path, reason: "cannot create file: \(String(cString: strerror(errno)))")
            }
            close(descriptor)
        }
        chmod(path, 0o600)
        do {
            if connection == .single, let queue = try Self.openReadyQueue(path) {
                writer = queue
                self.connection = .single
            } else {
                let pool = try Self.openPool(path)
                try Self.migrate(pool)
                writer = pool
                self.connection = .pooled
            }
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        for suffix in ["-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
            chmod(path + suffix, 0o600)
        }
    }

    private init(inMemoryWriter: any DatabaseWriter) {
        writer = inMemoryWriter
        path = nil
        connection = .single
    }

    /// Creates an empty store that lives in memory only.
    public static func inMemory() throws(CareStoreError) -> CareStore {
        do {
            let queue = try DatabaseQueue(configuration: configuration)
            try CareStoreMigrations.migrator.migrate(queue)
            return CareStore(inMemoryWriter: queue)
        } catch {
            throw .cannotOpen(path: ":memory:", reason: "\(error)")
        }
    }

    /// Opens the pool. Switching a brand-new file to WAL needs an exclusive lock, and SQLite answers SQLITE_BUSY at once
    /// (without the busy handler) when another process is doing the same, so that case is retried for up to 30 s.
    private static func openPool(_ path: String) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(30)
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                usleep(20_000)
            }
        }
    }

    /// One connection to a store that is already in WAL mode and fully migrated, else nil (the caller sets it up).
    private static func openReadyQueue(_ path: String) throws -> DatabaseQueue? {
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let ready = try queue.read { db in
            try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal"
                && CareStoreMigrations.migrator.hasCompletedMigrations(db)
        }
        return ready ? queue : nil
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

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "CareStore"
        // Several processes may share one store file (e.g. two `regimen ingest`): wait for the write lock.
        configuration.busyMode = .timeout(60)
        // Statement journals (every insert that fires the change trigger has one) in memory instead of temporary files:
        // they only ever hold the statement in flight, so durability is unchanged, and bulk ingest no longer writes
        // each journalled page to a temporary file.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA temp_store = MEMORY") }
        return configuration
    }

    /// Runs `body` in one write transaction, mapping errors to `CareStoreError`.
    func write<T: Sendable>(_ operation: String, _ body: @Sendable (Database) throws -> T) throws(CareStoreError) -> T {
        do {
            return try writer.write(body)
        } catch let error as CareStoreError {
            throw error
        } catch {
            throw .database(operation: operation, reason: "\(error)")
        }
    }

    /// Runs `body` in one read transaction, mapping errors to `CareStoreError`.
    func read<T: Sendable>(_ operation: String, _ body: @Sendable (Database) throws -> T) throws(CareStoreError) -> T {
        do {
            return try writer.read(body)
        } catch let error as CareStoreError {
            throw error
        } catch {
            throw .database(operation: operation, reason: "\(error)")
        }
    }
}
