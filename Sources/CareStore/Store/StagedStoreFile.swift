import Foundation
import GRDB
import RegimenFoundation
import Synchronization
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A new store file made under a hidden name beside its path, `.<name>.new-<pid>-<random>`, then linked into place
/// whole (docs/store-file.md, "A new store is created whole"). Until then no other process knows the file, so it is
/// written as a private scratch file: exclusive lock, rollback journal in memory, no syncs. `publish()` turns it into
/// an ordinary store (write-ahead log), flushes it to disk once, and links it to the path. A failure or a kill before
/// that leaves no store at the path; the hidden file of a killed process is removed by the next one staging a store
/// in that folder.
final class StagedStoreFile: Sendable {
    /// The store's path.
    let path: FilePath
    /// The hidden file being filled.
    let temporary: String
    /// The one connection to it.
    let queue: DatabaseQueue
    /// Starts each commit's pages on their way to disk (`StagedWriteback`).
    private let writeback: StagedWriteback?
    /// The outcome insert triggers held back while the file is filled, created again by `publish()`
    /// (`OutcomeInsertTriggers`).
    private let heldBackTriggers: [String]
    /// The outcome indexes keyed by runs' identifiers, held back while the file is filled and built by `publish()`
    /// (`OutcomeRunIndexes`).
    private let heldBackIndexes: [String]
    /// What became of the hidden file.
    private enum State { case filling, published, dropped }
    private let state = Mutex(State.filling)

    /// Creates and migrates the hidden file for a store at `path`.
    init(path: FilePath, configuration: Configuration, migrator: DatabaseMigrator) throws(CareStoreError) {
        self.path = path
        let folder = path.removingLastComponent().string
        let prefix = ".\(path.lastComponent?.string ?? "").new-"
        Self.removeAbandoned(in: folder.isEmpty ? "." : folder, prefix: prefix)
        temporary = (folder.isEmpty ? "" : folder + "/") + prefix + "\(getpid())-\(UUID().uuidString)"
        do throws(FileError) {
            // Not flushed now: `publish()` flushes the finished file before anyone can know it.
            try PrivateFiles.createExclusive(FilePath(temporary), bytes: [], flushed: false)
        } catch {
            throw .cannotOpen(path: path, reason: "cannot create file: \(error.reason)")
        }
        do {
            queue = try DatabaseQueue(path: temporary, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = OFF")
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = MEMORY")
            }
            try migrator.migrate(queue)
            // Every row of a new store comes from the one ingest filling it, parents first; checking each of its
            // references as it is inserted was a tenth of the ingest's time (docs/store-file.md, "A new store is
            // created whole"). Debug builds (the test suite's) check them all at `publish()`; every other connection to
            // the published store enforces them as before.
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA foreign_keys = OFF") }
            // Likewise the triggers run for each outcome inserted: the filling writes their rows itself
            // (`OutcomeInsertTriggers`), and `publish()` puts them back for everyone after it.
            heldBackTriggers = try queue.write { db in try OutcomeInsertTriggers.holdBack(db) }
            // And the two indexes keyed by runs' identifiers, built once from the finished table (`OutcomeRunIndexes`).
            heldBackIndexes = try queue.write { db in try OutcomeRunIndexes.holdBack(db) }
        } catch {
            Self.removeFiles(temporary)
            throw CareStore.openingError(error, path: path)
        }
        writeback = StagedWriteback(path: temporary)
        if let writeback {
            queue.inDatabase { db in db.add(transactionObserver: writeback, extent: .databaseLifetime) }
        }
    }

    /// Gives the finished file its path: write-ahead log on, flushed to disk, linked into place. Returns false, and
    /// removes the hidden file, when another process created a store at the path meanwhile (or it was dropped); later
    /// calls give the first call's answer.
    func publish() throws(CareStoreError) -> Bool {
        let before = claim()
        guard before == .filling else { return before == .published }
        defer { Self.removeFiles(temporary) }
        #if DEBUG
            do {
                try checkReferences()
            } catch {
                try? queue.close()
                throw error
            }
        #endif
        do {
            try queue.write { db in
                try OutcomeRunIndexes.restore(heldBackIndexes, db)
                try OutcomeInsertTriggers.restore(heldBackTriggers, db)
            }
            try queue.writeWithoutTransaction { db in
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            }
            try queue.close()
        } catch {
            throw CareStore.openingError(error, path: path)
        }
        do throws(FileError) {
            try PrivateFiles.flush(FilePath(temporary))
            try PrivateFiles.linkNew(FilePath(temporary), as: path)
            state.withLock { $0 = .published }
            return true
        } catch  where error.errno == .fileExists {
            return false
        } catch {
            throw .cannotOpen(path: path, reason: "cannot create file: \(error.reason)")
        }
    }

    #if DEBUG
        /// Debug builds only: every reference the filling did not check at insert holds (`PRAGMA foreign_key_check`).
        private func checkReferences() throws(CareStoreError) {
            let violations: [String]
            do {
                violations = try queue.read { db in
                    try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { row in
                        "\(row[0] as String? ?? "?") row \(row[1] as Int64? ?? 0) -> \(row[2] as String? ?? "?")"
                    }
                }
            } catch {
                throw CareStore.openingError(error, path: path)
            }
            guard violations.isEmpty else {
                throw .operationFailed(
                    path: path, operation: "publish",
                    reason: "references without their rows: \(violations.joined(separator: ", "))")
            }
        }
    #endif

    /// Closes and removes the hidden file unless it was published.
    func discard() {
        guard claim() == .filling else { return }
        try? queue.close()
        Self.removeFiles(temporary)
    }

    deinit { discard() }

    /// The state before this call; a file still being filled is taken (`.dropped` until it is published), so only
    /// one caller finishes it.
    private func claim() -> State {
        state.withLock { state in
            defer { if state == .filling { state = .dropped } }
            return state
        }
    }

    /// Removes a hidden file and the journal files SQLite may have made beside it.
    private static func removeFiles(_ temporary: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { PrivateFiles.remove(FilePath(temporary + suffix)) }
    }

    /// Removes the hidden files, in `folder`, named `prefix` + the id of a process that no longer exists (killed while
    /// staging). Files of living processes, and names without a process id, are left alone.
    private static func removeAbandoned(in folder: String, prefix: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var abandoned: [String] = []
        while let entry = readdir(directory) {
            // A name that is not UTF-8 is no hidden store of ours: those are named by `init` from text.
            let entryName = DirectoryEntryName(entry)
            let name = entryName.text
            // Exactly `init`'s form, `<pid>-<UUID>`: the older form `<UUID>`, whose first group may be all digits,
            // names no process (journal files beside a hidden file end in more than a UUID, and are removed with it).
            guard entryName.isValidUTF8, name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0,
                UUIDText.parse(String(rest[rest.index(after: dash)...])) != nil,
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            abandoned.append(folder + "/" + name)
        }
        abandoned.forEach(removeFiles)
    }
}
