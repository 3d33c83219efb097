import GRDB
import RegimenFoundation
import SystemPackage

/// Starts writing a staged store's pages to disk after each commit, without waiting for them: the one flush before
/// the store is published then waits only for the last commit's pages, not for the whole file (docs/store-file.md,
/// "A new store is created whole"). SQLite, syncing off, has written the pages to the file by the time a commit ends.
// Unchecked: GRDB calls a transaction observer on the connection's own thread only, and the one stored property is a
// descriptor that is never changed (docs/concurrency.md, "Shared state").
final class StagedWriteback: TransactionObserver, @unchecked Sendable {
    /// The hidden file, opened for this alone; closed when the observer goes.
    private let descriptor: FileDescriptor

    /// Nil when the file cannot be opened, or is on a filesystem where a commit would wait for the last one's pages to
    /// reach the disk (`FileSystemKind.changesWaitForNoWriteback`): the flush before publishing then writes everything,
    /// as without this.
    init?(path: String) {
        guard let descriptor = try? FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) else {
            return nil
        }
        guard FileSystemKind.changesWaitForNoWriteback(on: descriptor.rawValue) else {
            try? descriptor.close()
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { try? descriptor.close() }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { PrivateFiles.startWriteback(descriptor) }
    func databaseDidRollback(_ db: Database) {}
}
