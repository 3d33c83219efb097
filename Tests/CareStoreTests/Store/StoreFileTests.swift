import CareModel
import Foundation
import GRDB
import SystemPackage
import TestSupport
import Testing

@testable import CareStore

/// The store file is the participant's data (docs/store-file.md): real files with real modes; after every refusal the
/// file's bytes and mode are what they were. Tests run as root, which ignores mode bits when writing, so these also
/// prove the store reads the bits instead of trying a write.
@Suite("Care store: the file at the store path is never re-initialized, chmod'ed or written against its mode")
struct StoreFileTests {
    /// A new folder with a store holding one task and one outcome (one change).
    private func populatedStore() throws -> (path: String, folder: String) {
        let folder = TemporaryFolders.path("carestore").path
        let path = folder + "/care.sqlite"
        try Fixture.addCheckIn(to: try CareStore(path: FilePath(path)))
        return (path, folder)
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    private func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    @Test(
        "a 0400 store is read over one connection: events, outcomes, changes and settings, and nothing in its folder changes"
    )
    func readOnlyStoreIsRead() throws {
        let (path, folder) = try populatedStore()
        #expect(chmod(path, 0o400) == 0)
        let before = try snapshot(folder)
        #expect(before.keys.sorted() == ["care.sqlite"], "a closed store leaves no -wal or -shm")
        do {
            let store = try CareStore(path: FilePath(path), connection: .single)
            #expect(store.isReadOnly)
            let events = try store.events(from: Fixture.day(-1), to: Fixture.today)
            #expect(events.count == 1)
            #expect(events.first?.outcome?.values.first?.value == .double(4))
            #expect(try store.outcomes(taskID: "checkin").count == 1)
            #expect(try store.changes().changes.map(\.kind) == [.added])
            #expect(try store.setting("surveyFingerprint") == nil)
        }
        #expect(try snapshot(folder) == before)
        #expect(try mode(path) == 0o400)
    }

    @Test(
        "every write on a read-only store throws .readOnly naming the file, and the file is unchanged",
        arguments: [0o400, 0o444, 0o500])
    func readOnlyStoreIsNotWritten(_ bits: Int) throws {
        let (path, folder) = try populatedStore()
        #expect(chmod(path, mode_t(bits)) == 0)
        let before = try snapshot(folder)
        #expect(throws: CareStoreError.readOnly(path: FilePath(path))) { try CareStore(path: FilePath(path)) }
        let store = try CareStore(path: FilePath(path), connection: .single)
        let task = try #require(try store.task(id: "checkin"))
        #expect(throws: CareStoreError.readOnly(path: FilePath(path))) {
            try store.setSetting("surveyFingerprint", to: "f")
        }
        #expect(throws: CareStoreError.readOnly(path: FilePath(path))) {
            try store.addOutcome(taskVersion: task.uuid, occurrence: 3, values: [], createdDate: Fixture.today)
        }
        #expect(throws: CareStoreError.readOnly(path: FilePath(path))) { try store.ingest([]) }
        #expect(throws: CareStoreError.readOnly(path: FilePath(path))) {
            try store.ensureTask(
                CareTask(id: "checkin", title: "Check In", schedule: try Fixture.daily(), sourceDigest: "changed"),
                now: Fixture.today, calendar: Fixture.utc)
        }
        #expect(try snapshot(folder) == before)
        #expect(try mode(path) == bits)
    }

    @Test(
        "an empty, a text, a foreign SQLite and a truncated store file are errors naming the file; each is left as it was"
    )
    func notAStore() throws {
        let folder = TemporaryFolders.path("carestore").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (storePath, _) = try populatedStore()
        let foreign = folder + "/foreign.sqlite"
        do {
            let queue = try DatabaseQueue(path: foreign)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('x')")
            }
            try queue.close()
        }
        let cases: [(name: String, contents: Data?, problem: StoreFileProblem)] = [
            ("empty.sqlite", Data(), .empty),
            ("text.sqlite", Data("pain: 4\n".utf8), .notSQLite),
            ("foreign.sqlite", nil, .notACareStore),
            ("truncated.sqlite", try Data(contentsOf: URL(fileURLWithPath: storePath)).prefix(300), .damaged),
        ]
        for item in cases {
            let path = folder + "/" + item.name
            if let contents = item.contents {
                #expect(FileManager.default.createFile(atPath: path, contents: contents))
            }
            #expect(chmod(path, 0o644) == 0)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for connection in [CareStore.Connection.single, .pooled] {
                #expect(throws: CareStoreError.notAStore(path: FilePath(path), problem: item.problem), "\(item.name)") {
                    try CareStore(path: FilePath(path), connection: connection)
                }
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "\(item.name)")
            #expect(try mode(path) == 0o644, "\(item.name)")
        }
        #expect(throws: CareStoreError.notAStore(path: FilePath(folder), problem: .notAFile)) {
            try CareStore(path: FilePath(folder))
        }
    }

    @Test("changes since an anchor the store never issued is an error; its own newest anchor gives an empty list")
    func unknownAnchor() throws {
        let (path, _) = try populatedStore()
        let store = try CareStore(path: FilePath(path), connection: .single)
        let latest = try store.latestChangeAnchor()
        #expect(latest == ChangeAnchor(sequence: 1))
        #expect(try store.changes(since: latest).changes.isEmpty)
        #expect(throws: CareStoreError.unknownChangeAnchor(ChangeAnchor(sequence: 2), latest: latest)) {
            try store.changes(since: ChangeAnchor(sequence: 2))
        }
        let empty = try CareStore.inMemory()
        #expect(try empty.changes(since: .empty).changes.isEmpty)
        #expect(throws: CareStoreError.unknownChangeAnchor(ChangeAnchor(sequence: 7), latest: .empty)) {
            try empty.changes(since: ChangeAnchor(sequence: 7))
        }
    }

    @Test("two stores created at once at one path end as one store, whole, with no temporary file left")
    func concurrentCreation() async throws {
        let folder = TemporaryFolders.path("carestore").path
        let path = folder + "/care.sqlite"
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { _ = try CareStore(path: FilePath(path)) }
            }
            try await group.waitForAll()
        }
        let store = try CareStore(path: FilePath(path), connection: .single)
        #expect(try store.setting("anything") == nil)
        #expect(try mode(path) == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix("care.sqlite") }
        #expect(names.isEmpty)
    }
}
