import CareModel
import Foundation
import GRDB
import SystemPackage
import TestSupport
import Testing

@testable import CareStore

/// A store left open at exit (the care feed) empties its write-ahead log first, so that the next start does not read
/// the whole log before anything else (docs/store-file.md, "The write-ahead log"); it never waits for another process.
@Suite("Care store: the write-ahead log a store left open would leave behind")
struct StoreWriteAheadLogTests {
    /// A store in a new folder, still open, holding one task and one outcome written over `connection`.
    private func writtenStore(_ connection: CareStore.Connection) throws -> (store: CareStore, path: String) {
        let path = TemporaryFolders.path("carestore-wal").path + "/care.sqlite"
        // Made (and closed) first, so that the store below opens an existing file the way the care feed does.
        _ = try CareStore(path: FilePath(path))
        let store = try CareStore(path: FilePath(path), connection: connection)
        try Fixture.addCheckIn(to: store)
        return (store, path)
    }

    private func logSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    }

    @Test(
        "what an open store wrote is copied into the store file and the log emptied",
        arguments: [CareStore.Connection.single, .pooled])
    func emptiesTheLog(connection: CareStore.Connection) throws {
        let (store, path) = try writtenStore(connection)
        #expect(logSize(path) > 0, "the writes are in the log before")
        store.emptyWriteAheadLog()
        #expect(logSize(path) == 0)
        // The store file alone, copied without its log, holds the outcome.
        let copy = path + ".copy.sqlite"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let outcomes = try CareStore(path: FilePath(copy), connection: .single).outcomes(taskID: "checkin")
        #expect(outcomes.map { $0.values.map(\.kind) } == [["pain"]])
        withExtendedLifetime(store) {}
    }

    @Test(
        "with another connection reading, it returns at once, leaves the log, and puts the store's busy timeout back",
        .timeLimit(.minutes(1)))
    func neverWaits() throws {
        let (store, path) = try writtenStore(.single)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the read transaction spans two accesses
        let reader = try DatabaseQueue(path: path, configuration: configuration)
        // A read transaction holds its snapshot of the log: the log cannot be reset while it lasts. The store's own
        // busy timeout is a minute; the call must not wait for it.
        try reader.inDatabase { db in
            try db.beginTransaction(.deferred)
            _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outcome")
        }
        let clock = ContinuousClock()
        let started = clock.now
        store.emptyWriteAheadLog()
        // Not a measure of speed: waiting for the lock would take the whole minute of the busy timeout.
        #expect(clock.now - started < .seconds(30))
        #expect(logSize(path) > 0)
        let timeout = try store.writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout")
        }
        #expect(timeout == CareStore.busyTimeoutMilliseconds)
        try reader.inDatabase { db in try db.commit() }
        store.emptyWriteAheadLog()
        #expect(logSize(path) == 0)
    }

    @Test("a store that only read leaves the log another one wrote; a read-only store is never written")
    func onlyItsOwnWrites() throws {
        let (writer, path) = try writtenStore(.single)
        let size = logSize(path)
        #expect(size > 0)
        // A second store on the file, as a feed opened while an ingest is under way: it reads, and the log stays.
        let reading = try CareStore(path: FilePath(path), connection: .single)
        #expect(try reading.outcomes(taskID: "checkin").count == 1)
        reading.emptyWriteAheadLog()
        #expect(logSize(path) == size)
        // The same file made read-only (0400), with the log still pending: opened for reading only, and left alone.
        #expect(chmod(path, 0o400) == 0)
        defer { chmod(path, 0o600) }
        let readOnly = try CareStore(path: FilePath(path), connection: .single)
        #expect(readOnly.isReadOnly)
        let log = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        readOnly.emptyWriteAheadLog()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")) == log)
        withExtendedLifetime(writer) {}
    }
}
