import Foundation
import GRDB
import TestFolders
import Testing
import CareModel
@testable import CareStore

/// A store left open at exit (the care feed) empties its write-ahead log first, so that the next start does not read
/// the whole log before anything else (docs/store-file.md, "The write-ahead log"); it never waits for another process.
@Suite("Care store: the write-ahead log a store left open would leave behind")
struct StoreWriteAheadLogTests {
    /// A store in a new folder, still open, holding one task and one outcome written over `connection`.
    private func writtenStore(_ connection: CareStore.Connection) throws -> (store: CareStore, path: String) {
        let path = TemporaryFolders.path("carestore-wal").path + "/care.sqlite"
        // Made (and closed) first, so that the store below opens an existing file the way the care feed does.
        _ = try CareStore(path: path)
        let store = try CareStore(path: path, connection: connection)
        let task = try store.ensureTask(
            CareTask(id: "checkin", title: "Check In", schedule: try Fixture.daily(from: -3), sourceDigest: "d"),
            now: Fixture.day(-3), calendar: Fixture.utc
        ).task
        _ = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 2, values: [Fixture.value(4, kind: "pain")], createdDate: Fixture.day(-1, hour: 8))
        return (store, path)
    }

    private func logSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    }

    @Test("what an open store wrote is copied into the store file and the log emptied", arguments: [CareStore.Connection.single, .pooled])
    func emptiesTheLog(connection: CareStore.Connection) throws {
        let (store, path) = try writtenStore(connection)
        #expect(logSize(path) > 0, "the writes are in the log before")
        store.emptyWriteAheadLog()
        #expect(logSize(path) == 0)
        // The store file alone, copied without its log, holds the outcome.
        let copy = path + ".copy.sqlite"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let outcomes = try CareStore(path: copy, connection: .single).outcomes(taskID: "checkin")
        #expect(outcomes.map { $0.values.map(\.kind) } == [["pain"]])
        withExtendedLifetime(store) {}
    }

    @Test("with another connection reading, it returns at once and leaves the log to SQLite's later checkpoints",
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
        store.emptyWriteAheadLog()
        #expect(logSize(path) > 0)
        try reader.inDatabase { db in try db.commit() }
        // And the store still writes, with its own timeout back in place.
        #expect(try store.outcomes(taskID: "checkin").count == 1)
        store.emptyWriteAheadLog()
        #expect(logSize(path) == 0)
    }

    @Test("an in-memory store and a store whose log is empty are left alone")
    func nothingToDo() throws {
        let memory = try CareStore.inMemory()
        memory.emptyWriteAheadLog()
        let (store, path) = try writtenStore(.single)
        store.emptyWriteAheadLog()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        store.emptyWriteAheadLog()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(logSize(path) == 0)
    }
}
