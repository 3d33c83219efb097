import GRDB
import RegimenFoundation
import SystemPackage

extension CareStore {
    /// Copies what the store's write-ahead log holds into the store file and empties the log, when it holds anything.
    ///
    /// The first process to open the store reads the whole log before anything else (SQLite's WAL recovery,
    /// docs/store-file.md, "The write-ahead log"); a log left behind by a process that ended without closing the store,
    /// as the care feed does, would be read again by every later start. Never waits: when another process holds the
    /// store, the log is left to SQLite's own checkpoints. Nothing is done for an in-memory or read-only store.
    package func emptyWriteAheadLog() {
        guard let path, !isReadOnly, let size = FileStatus.size(of: FilePath(path + "-wal")), size > 0 else { return }
        try? writer.writeWithoutTransaction { db in
            // No waiting for the locks (the store's busy timeout is a minute, for writers), and no error: the log is
            // emptied now or by the next checkpoint.
            try db.execute(sql: "PRAGMA busy_timeout = 0")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds)") }
            _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}
