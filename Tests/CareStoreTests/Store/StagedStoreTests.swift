import CareModel
import Foundation
import GRDB
import RegimenFoundation
import SystemPackage
import TestSupport
import Testing

@testable import CareStore

/// A `.staged` store (docs/store-file.md, "A new store is created whole"): filled under a hidden name, nothing at the
/// path until `publish()`, then an ordinary owner-only WAL store holding everything written; never published, it leaves
/// nothing behind; a store that appeared meanwhile is left as it is.
@Suite("Care store: a staged store appears whole at its path, or not at all")
struct StagedStoreTests {
    private func newFolder() -> String {
        TemporaryFolders.path("staged").path
    }

    private func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    /// Adds a task and one outcome, as an ingest would.
    private func fill(_ store: CareStore) throws {
        let task = try store.ensureTask(
            CareTask(id: "checkin", title: "Check In", schedule: try Fixture.daily(from: -3), sourceDigest: "d"),
            now: Fixture.day(-3), calendar: Fixture.utc
        ).task
        _ = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 1, values: [Fixture.value(6, kind: "pain")],
            createdDate: Fixture.day(-2, hour: 9))
    }

    /// Adds a daily check-in task and, in one batch, an outcome on each of the `days` days before today.
    private func ingestDays(_ days: Int, into store: CareStore) throws -> [Result<IngestReport, CareStoreError>] {
        let task = try store.ensureTask(
            CareTask(id: "checkin", title: "Check In", schedule: try Fixture.daily(from: -days - 5), sourceDigest: "d"),
            now: Fixture.day(-days - 5), calendar: Fixture.utc
        ).task
        let items = (0..<days).map { day in
            OutcomeIngest(
                taskID: task.id, day: DateInterval(start: Fixture.day(-days + day), duration: 86_400),
                runEndDate: Fixture.day(-days + day, hour: 8), values: [Fixture.value(Double(day % 10), kind: "pain")],
                syncID: "run-\(day)", createdDate: Fixture.day(-days + day, hour: 8))
        }
        return try store.ingest(items)
    }

    /// The id of no process, standing for a process that has ended: `pid_max` (proc(5)), which the kernel never hands
    /// out. (The id of a process that has just ended was used before, but ids are reused by the next processes and
    /// threads, which a busy test run makes within seconds when `pid_max` is 32,768: the hidden file then looked like a
    /// living process's and was rightly kept.)
    private func noProcessID() throws -> Int32 {
        let text = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
        return try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test("nothing is at the path while it is filled; after publish the store is WAL, 0600, and holds what was written")
    func publishPutsTheFilledStoreInPlace() throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/care.sqlite"
        let store = try CareStore(path: FilePath(path), connection: .staged)
        try fill(store)
        #expect(!FileManager.default.fileExists(atPath: path))
        let hidden = try names(folder)
        #expect(hidden.count == 1)
        #expect(hidden.first?.hasPrefix(".care.sqlite.new-\(getpid())-") == true, "\(hidden)")
        try store.publish()
        try store.publish()
        #expect(try names(folder) == ["care.sqlite"], "the hidden file is gone once published")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let reopened = try CareStore(path: FilePath(path), connection: .single)
        #expect(try reopened.outcomes(taskID: "checkin").map(\.values.first?.value) == [.double(6)])
        #expect(try reopened.changes().changes.map(\.kind) == [.added])
        let journal = try DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        let check = try DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(check == "ok")
    }

    @Test("a staged store dropped without publishing leaves no store and no hidden file")
    func unpublishedLeavesNothing() throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/care.sqlite"
        do {
            let store = try CareStore(path: FilePath(path), connection: .staged)
            try fill(store)
            #expect(try names(folder).count == 1)
        }
        #expect(try names(folder).isEmpty)
    }

    @Test("a store created at the path meanwhile is kept as it is: publish throws .createdMeanwhile and cleans up")
    func storeCreatedMeanwhileWins() throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/care.sqlite"
        let staged = try CareStore(path: FilePath(path), connection: .staged)
        try fill(staged)
        let other = try CareStore(path: FilePath(path))
        #expect(try other.outcomes().isEmpty)
        #expect(throws: CareStoreError.createdMeanwhile(path: FilePath(path))) { try staged.publish() }
        #expect(try names(folder).filter { $0.hasPrefix(".") }.isEmpty, "no hidden file left")
        #expect(
            try CareStore(path: FilePath(path), connection: .single).outcomes().isEmpty, "the other store is untouched")
        #expect(throws: CareStoreError.createdMeanwhile(path: FilePath(path))) { try staged.publish() }
    }

    @Test("staging removes the hidden files of ended processes, and keeps those of living ones and of unknown form")
    func abandonedHiddenFilesAreSwept() throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let ended = ".care.sqlite.new-\(try noProcessID())-\(UUID().uuidString)"
        let living = ".care.sqlite.new-\(getpid())-\(UUID().uuidString)"
        let older = ".care.sqlite.new-\(UUID().uuidString)"
        // The older form too, when its UUID's first group is all digits and so reads as the id of no process (one
        // UUID in 43; such a file was removed, and this test failed then).
        let olderDigits = ".care.sqlite.new-99999999-0000-4000-8000-000000000001"
        let otherStore = ".other.sqlite.new-\(try noProcessID())-\(UUID().uuidString)"
        for name in [ended, ended + "-journal", living, older, olderDigits, otherStore] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8)))
        }
        let store = try CareStore(path: FilePath(folder + "/care.sqlite"), connection: .staged)
        try store.publish()
        #expect(try names(folder) == ["care.sqlite", living, older, olderDigits, otherStore].sorted())
    }

    @Test("staged over an existing store opens it as usual: writes go straight to it and publish has nothing to do")
    func existingStoreIsNotStaged() throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/care.sqlite"
        _ = try CareStore(path: FilePath(path))
        let store = try CareStore(path: FilePath(path), connection: .staged)
        try fill(store)
        #expect(
            try CareStore(path: FilePath(path), connection: .single).outcomes().count == 1, "visible before publish")
        try store.publish()
        #expect(try names(folder).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test(
        "a staged store's own connection leaves references unchecked as it is filled; the published store's connections check them"
    )
    func referencesCheckedOnceOpen() throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/care.sqlite"
        let store = try CareStore(path: FilePath(path), connection: .staged)
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") } == 0)
        _ = try ingestDays(3, into: store)
        try store.publish()
        let reopened = try CareStore(path: FilePath(path), connection: .single)
        #expect(try reopened.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") } == 1)
        do {
            try reopened.writer.write { db in
                try db.execute(sql: "INSERT INTO change (outcomeUUID, kind) VALUES ('no-such-outcome', 'added')")
            }
            Issue.record("a change of no outcome is refused once published")
        } catch let error as DatabaseError {
            #expect(error.message?.contains("FOREIGN KEY") == true, "\(error)")
        }
    }

    #if DEBUG
        @Test(
            "debug builds check every reference of a staged store at publish: a row referring to nothing fails it, and no store is left"
        )
        func publishChecksReferences() throws {
            let folder = newFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/care.sqlite"
            let store = try CareStore(path: FilePath(path), connection: .staged)
            _ = try ingestDays(2, into: store)
            try store.writer.write { db in
                try db.execute(sql: "INSERT INTO change (outcomeUUID, kind) VALUES ('no-such-outcome', 'added')")
            }
            do {
                try store.publish()
                Issue.record("publish should refuse a store with a reference to nothing")
            } catch .operationFailed(_, let operation, let reason) {
                #expect(operation == "publish")
                #expect(reason.contains("change row") && reason.contains("-> outcome"), "\(reason)")
            }
            #expect(try names(folder).isEmpty, "neither the store nor its hidden file is left")
        }
    #endif

    @Test("a staged store that is filled and published by the ingest path holds every outcome")
    func ingestIntoStagedStore() throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/care.sqlite"
        let store = try CareStore(path: FilePath(path), connection: .staged)
        let reports = try ingestDays(25, into: store)
        #expect(reports.allSatisfy { if case .success = $0 { true } else { false } })
        try store.publish()
        let reopened = try CareStore(path: FilePath(path), connection: .single)
        #expect(try reopened.outcomes(taskID: "checkin").count == 25)
        #expect(try reopened.changes().changes.count == 25)
    }

    /// Writes the same mix to `store`, enrolled: single outcomes added, replaced and deleted, results ingested one
    /// by one (added, superseded, unchanged, a new version) and a batch of 300 (more than one multi-row INSERT, with
    /// new versions of results of the same batch among them).
    private func writeMix(into store: CareStore) throws {
        try store.enroll(
            StudyEnrollment(
                deviceID: UUID(), participantID: UUID(), participantLabel: "P001", studyID: "trial",
                homeTimeZone: "UTC",
                databaseURL: "postgres://study@db/trial", enrolledDate: Fixture.day(-400)))
        try store.addTask(
            CareTask(id: "t", title: "T", schedule: try Fixture.daily(from: -400)), now: Fixture.day(-400))
        let task = try #require(try store.task(id: "t"))
        let added = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 0, values: [], createdDate: Fixture.day(-400, hour: 8))
        let replaced = try store.replaceOutcome(
            uuid: added.uuid, values: [Fixture.value(2, kind: "pain")], createdDate: Fixture.day(-400, hour: 9))
        try store.deleteOutcome(uuid: replaced.uuid, now: Fixture.day(-400, hour: 10))
        _ = try store.ingest(StoreIngestTests.item("early", day: -399, hour: 8.2))
        _ = try store.ingest(StoreIngestTests.item("late", day: -399, hour: 9))
        _ = try store.ingest(StoreIngestTests.item("late", day: -399, hour: 9))
        _ = try store.ingest(StoreIngestTests.item("late", day: -399, hour: 9, version: 2))
        // A run that ended before the one holding its event: inserted superseded, so no change row of its own.
        _ = try store.ingest(StoreIngestTests.item("loser", day: -399, hour: 8.1))
        let batch = (0..<300).map { index in
            index % 7 == 6
                ? StoreIngestTests.item("run-\(index - 1)", day: -398 + (index - 1) / 2, version: 2, pain: 9)
                : StoreIngestTests.item("run-\(index)", day: -398 + index / 2, hour: 8 + Double(index % 2) / 4)
        }
        #expect(try store.ingest(batch).allSatisfy { (try? $0.get()) != nil })
    }

    /// The change feed and the outbox of `store`, outcomes named by their position, sync identity and state.
    private func feeds(_ store: CareStore) throws -> (changes: [String], outbox: [String]) {
        let seq = try store.writer.read { db in
            try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT uuid, seq FROM outcome").map {
                    (($0["uuid"] as String), ($0["seq"] as Int64))
                })
        }
        let changes = try store.changes().changes.map { change in
            "\(change.sequence) \(change.kind) #\(seq[change.outcome.uuid.text] ?? -1) \(change.outcome.syncID ?? "-")"
        }
        let outbox = try store.outbox(after: 0, limit: 10_000).map { change in
            switch change.kind {
            case .version(let outcome): "\(change.localSeq) version #\(seq[outcome.uuid.text] ?? -1)"
            case .delete(let uuid, _): "\(change.localSeq) delete #\(seq[uuid.text] ?? -1)"
            }
        }
        return (changes, outbox)
    }

    @Test(
        "a staged store holds its outcome insert triggers back and writes their rows itself: the same change feed and outbox as a store with them; published, it has them again"
    )
    func insertTriggersHeldBack() throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Migrated in memory: a new store file is itself made staged and published, so it is no reference.
        let ordinary = try CareStore.inMemory()
        let staged = try CareStore(path: FilePath(folder + "/staged.sqlite"), connection: .staged)
        let triggers = "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'outcome' ORDER BY name"
        let all = [
            "outcome_change_on_end", "outcome_change_on_insert", "outcome_outbox_on_delete", "outcome_outbox_on_insert",
        ]
        #expect(try ordinary.writer.read { db in try String.fetchAll(db, sql: triggers) } == all)
        #expect(
            try staged.writer.read { db in try String.fetchAll(db, sql: triggers) } == [
                "outcome_change_on_end", "outcome_outbox_on_delete",
            ])
        try writeMix(into: ordinary)
        try writeMix(into: staged)
        let expected = try feeds(ordinary)
        #expect(expected.changes.count > 300 && expected.outbox.count > 300)
        let got = try feeds(staged)
        #expect(got.changes == expected.changes)
        #expect(got.outbox == expected.outbox)
        try staged.publish()
        let schema = "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
        let published = try CareStore(path: FilePath(folder + "/staged.sqlite"))
        #expect(try published.writer.read { db in try String.fetchAll(db, sql: triggers) } == all)
        #expect(
            try published.writer.read { db in try Row.fetchAll(db, sql: schema) }
                == ordinary.writer.read { db in try Row.fetchAll(db, sql: schema) })
        // A store with only some of them is refused rather than given the rows twice.
        try published.writer.write { db in try db.execute(sql: "DROP TRIGGER outcome_outbox_on_insert") }
        #expect(throws: CareStoreError.self) {
            _ = try published.ingest(StoreIngestTests.item("after", day: -1))
        }
    }

    @Test(
        "a staged store holds the indexes keyed by runs back while it is filled, still finds a run it stored in an earlier batch, and has them once published"
    )
    func runIndexesHeldBack() throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let staged = try CareStore(path: FilePath(folder + "/staged.sqlite"), connection: .staged)
        let indexes =
            "SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('outcome_by_task_run', 'outcome_by_sync') ORDER BY name"
        #expect(try staged.writer.read { db in try String.fetchAll(db, sql: indexes) } == [])
        let first = try ingestDays(30, into: staged)
        #expect(first.allSatisfy { $0.map(\.disposition) == .success(.added) })
        // The same runs again, in a later batch: found by a scan of the new table, so nothing is stored twice.
        let again = try ingestDays(30, into: staged)
        #expect(again.allSatisfy { $0.map(\.disposition) == .success(.unchanged) })
        try staged.publish()
        let published = try CareStore(path: FilePath(folder + "/staged.sqlite"))
        #expect(
            try published.writer.read { db in try String.fetchAll(db, sql: indexes) } == [
                "outcome_by_sync", "outcome_by_task_run",
            ])
        #expect(try published.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM outcome") } == 30)
        // The planner uses the built index for a run's lookup.
        let plan = try published.writer.read { db in
            try String.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN SELECT * FROM outcome WHERE syncID = 'run-3'",
                adapter: SuffixRowAdapter(fromIndex: 3))
        }
        #expect(plan.contains { $0.contains("outcome_by_sync") }, "\(plan)")
    }

    @Test(
        "each commit to a staged store starts its pages on their way to disk, so publishing waits only for the last",
        .enabled(
            if: Self.temporaryFolderShowsWriteback,
            "the temporary folder's filesystem starts no early writes (not ext4 or XFS), or the system cannot tell a file's changed pages (tmpfs; Linux before 6.5)"
        ))
    func commitsStartWriteback() throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The migrations and the task in commits of their own, then a year of outcomes in one batch, the last commit.
        let store = try CareStore(path: FilePath(folder + "/care.sqlite"), connection: .staged)
        _ = try ingestDays(365, into: store)
        let hidden = FilePath(
            folder + "/" + (try #require(try names(folder).first { $0.hasPrefix(".care.sqlite.new-") })))
        let size = try FileManager.default.attributesOfItem(atPath: hidden.string)[.size] as? Int
        let pages = try #require(size) / 4096
        // Every page is on its way but those the last commit wrote again while an earlier commit's write of them was
        // still going (the kernel starts no second write of a page before its first is done): a few of the schema's.
        let waiting = try #require(try pagesWaiting(hidden))
        #expect(pages >= 60 && waiting * 4 < pages, "\(waiting) of \(pages) pages waiting")
        try store.publish()
    }

    /// Whether a store in the temporary folder starts its writes early (`FileSystemKind.changesWaitForNoWriteback`) and
    /// `PrivateFiles.pagesNotYetWritten` can see it: a file written there and left alone shows pages waiting (the
    /// kernel writes them back only after 30 seconds), so a store whose pages were left alone would fail the test.
    private static var temporaryFolderShowsWriteback: Bool {
        let probe = FilePath(TemporaryFolders.path("writeback-probe").path)
        guard
            let written = try? FileDescriptor.open(probe, .writeOnly, options: [.create], permissions: .ownerReadWrite)
        else {
            return false
        }
        defer {
            try? written.close()
            PrivateFiles.remove(probe)
        }
        _ = try? written.writeAll(Array(repeating: UInt8(1), count: 64 * 1024))
        return FileSystemKind.changesWaitForNoWriteback(on: written.rawValue)
            && (PrivateFiles.pagesNotYetWritten(written) ?? 0) > 0
    }

    private func pagesWaiting(_ path: FilePath) throws -> Int? {
        let descriptor = try FileDescriptor.open(path, .readOnly)
        defer { try? descriptor.close() }
        return PrivateFiles.pagesNotYetWritten(descriptor)
    }
}
