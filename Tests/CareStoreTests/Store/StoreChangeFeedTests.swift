import CareModel
import Foundation
import GRDB
import SystemPackage
import TestSupport
import Testing

@testable import CareStore

@Suite("Care store: change feed (issue 5; anchored queries)")
struct StoreChangeFeedTests {
    @Test(
        "mixed operations each appear once, in order; from the returned anchor nothing is left",
        arguments: StoreKind.allCases)
    func mixed(_ kind: StoreKind) throws {
        let store = try StoreIngestTests.store(kind)
        let task = try #require(try store.task(id: "t"))
        #expect(try store.changes().changes.isEmpty)
        let added = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 0, values: [], createdDate: Fixture.day(0, hour: 8))
        let replaced = try store.replaceOutcome(
            uuid: added.uuid, values: [Fixture.value(2, kind: "pain")], createdDate: Fixture.day(0, hour: 9))
        let first = try store.changes()
        #expect(first.changes.map(\.kind) == [.added, .replaced])
        #expect(first.changes.map(\.outcome.uuid) == [added.uuid, replaced.uuid])
        #expect(first.changes.map(\.outcome.id) == [added.id, added.id])
        #expect(first.changes[1].outcome.values.count == 1)
        #expect(try store.changes(since: first.anchor).changes.isEmpty)
        #expect(try store.changes(since: first.anchor).anchor == first.anchor)

        try store.deleteOutcome(uuid: replaced.uuid, now: Fixture.day(0, hour: 10))
        _ = try store.ingest(StoreIngestTests.item("early", day: 1, hour: 8.2))
        _ = try store.ingest(StoreIngestTests.item("late", day: 1, hour: 9))
        _ = try store.ingest(StoreIngestTests.item("late", day: 1, hour: 9))  // unchanged: no change
        _ = try store.ingest(StoreIngestTests.item("late", day: 1, hour: 9, version: 2))
        let second = try store.changes(since: first.anchor)
        #expect(second.changes.map(\.kind) == [.deleted, .added, .superseded, .added, .replaced])
        #expect(second.changes[0].outcome.uuid == replaced.uuid)
        #expect(second.changes[0].outcome.deletedDate != nil)
        #expect(second.changes.map(\.outcome.syncID).suffix(4) == ["early", "early", "late", "late"])
        #expect(zip(second.changes, second.changes.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
        #expect(second.anchor > first.anchor)
        #expect(try store.changes(since: second.anchor).changes.isEmpty)
        #expect(try store.latestChangeAnchor() == second.anchor)
        // Paging with a limit sees the same sequence.
        var anchor = ChangeAnchor.empty
        var paged: [OutcomeChange] = []
        while true {
            let page = try store.changes(since: anchor, limit: 2)
            if page.changes.isEmpty { break }
            paged += page.changes
            anchor = page.anchor
        }
        // (Outcome rows show their current state, so compare positions, kinds and rows.)
        let key = { (change: OutcomeChange) in "\(change.sequence) \(change.kind) \(change.outcome.uuid)" }
        #expect(paged.map(key) == (first.changes + second.changes).map(key))
    }

    @Test("anchors print and parse as plain numbers")
    func anchorText() {
        #expect(ChangeAnchor("17") == ChangeAnchor(sequence: 17))
        #expect(ChangeAnchor("-1") == nil)
        #expect(ChangeAnchor("x") == nil)
        #expect(ChangeAnchor(sequence: 5).description == "5")
    }

    @Test("a store written before v3-sync keeps its outcomes and lists its live ones in the feed")
    func migration() throws {
        let folder = TemporaryFolders.path("carestore")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: path)
        var migrator = CareStoreMigrations.migrator
        try migrator.migrate(queue, upTo: "v2-participant")
        let schedule = try StoredSchedule.encode(try Fixture.daily(), taskID: "t")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO task (uuid, id, title, impactsAdherence, schedule, effectiveDate, createdDate, updatedDate)
                    VALUES ('00000000-0000-0000-0000-000000000001', 't', 'T', 1, ?, ?, 0, 0);
                    INSERT INTO outcome (uuid, id, taskUUID, occurrence, taskRunUUID, createdDate, deletedDate, eventStart, eventEnd)
                    VALUES ('00000000-0000-0000-0000-0000000000A1', 'o1', '00000000-0000-0000-0000-000000000001', 0,
                            '00000000-0000-0000-0000-0000000000F1', 0, 1, 0, 1),
                           ('00000000-0000-0000-0000-0000000000A2', 'o1', '00000000-0000-0000-0000-000000000001', 0,
                            '00000000-0000-0000-0000-0000000000F2', 1, NULL, 0, 1);
                    """, arguments: [schedule, Fixture.today.timeIntervalSinceReferenceDate])
        }
        migrator = CareStoreMigrations.migrator
        try migrator.migrate(queue)
        try queue.close()
        let store = try CareStore(path: FilePath(path))
        let feed = try store.changes()
        #expect(feed.changes.map(\.kind) == [.added])
        #expect(feed.changes.first?.outcome.syncID == "00000000-0000-0000-0000-0000000000F2")
        #expect(try store.outcomes().count == 1)
    }
}
