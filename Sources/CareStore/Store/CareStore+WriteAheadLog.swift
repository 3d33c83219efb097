import GRDB

extension CareStore {
    /// Copies what this process wrote into the store file and empties the write-ahead log, for a process about to end
    /// without closing the store.
    ///
    /// The first process to open the store reads the whole log before anything else (SQLite's WAL recovery,
    /// docs/store-file.md, "The write-ahead log"); a log left behind by a process that ended without closing the store,
    /// as the care feed does, would be read again by every later start. Only after writes of this process's own: a log
    /// another process is writing (an ingest under way) is that process's to empty, and copying it would only slow the
    /// caller. Never waits for a lock: when another process holds the store, the log is left to SQLite's own
    /// checkpoints. Nothing is done for an in-memory or read-only store.
    package func emptyWriteAheadLog() {
        guard path != nil, !isReadOnly else { return }
        try? writer.writeWithoutTransaction { db in
            // The writes of this connection, the one every write of this store goes through.
            guard db.totalChangesCount > 0 else { return }
            // No waiting for the locks (the store's busy timeout is a minute, for writers), and no error: the log is
            // emptied now or by a later checkpoint.
            try db.execute(sql: "PRAGMA busy_timeout = 0")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds)") }
            _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}
