import CareModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import CareStore

/// Migration v9 drops the value table's index by kind (docs/carekit-store.md, "Indexes"): SQLite, without statistics,
/// chose it for `outcomes(kind:)`'s per-outcome question and read every value of the kind once per outcome.
@Suite("Care store: migration v9 (no index by value kind) keeps the data and answers kind filters by the value key")
struct StoreMigrationV9Tests {
    /// A store file migrated up to `version`, holding outcomes with values of two kinds.
    private static func store(upTo version: String) throws -> (queue: DatabaseQueue, folder: URL) {
        let folder = TemporaryFolders.path("carestore-v9")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: folder.appendingPathComponent("store.sqlite").path)
        try CareStoreMigrations.migrator.migrate(queue, upTo: version)
        let schedule = try StoredSchedule.encode(try Fixture.daily(), taskID: "t")
        try queue.write { db in
            let task = "00000000-0000-0000-0000-000000000001"
            try db.execute(
                sql: """
                    INSERT INTO task (uuid, id, title, impactsAdherence, schedule, effectiveDate, createdDate, updatedDate)
                    VALUES (?, 't', 'T', 1, ?, 0, 0, 0)
                    """, arguments: [task, schedule])
            for occurrence in 0..<50 {
                let uuid = String(format: "00000000-0000-0000-0000-%012d", 100 + occurrence)
                try db.execute(
                    sql: """
                        INSERT INTO outcome (uuid, id, taskUUID, occurrence, createdDate, eventStart, eventEnd)
                        VALUES (?, ?, ?, ?, 10, 0, 3600)
                        """, arguments: [uuid, uuid, task, occurrence])
                try db.execute(
                    sql: """
                        INSERT INTO outcomeValue (outcomeUUID, ordinal, type, value, kind, createdDate)
                        VALUES (?, 0, 'double', 2.5, 'pain', 10), (?, 1, 'double', 7, 'sleep', 10)
                        """, arguments: [uuid, uuid])
            }
        }
        return (queue, folder)
    }

    /// SQLite's plan for the store's kind filter.
    private static func kindFilterPlan(_ db: Database) throws -> String {
        try Row.fetchAll(
            db, sql: "EXPLAIN QUERY PLAN SELECT o.uuid FROM outcome o WHERE \(CareStore.hasValueOfKind)",
            arguments: ["pain"]
        )
        .compactMap { $0["detail"] as String? }.joined(separator: "\n")
    }

    @Test("before v9 the kind filter searched the kind index; after it, the value key, and every row is kept")
    func planAndData() throws {
        let (queue, folder) = try Self.store(upTo: "v8-study-sync")
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try queue.read { db in
            (
                try Self.kindFilterPlan(db),
                try Row.fetchAll(db, sql: "SELECT * FROM outcomeValue ORDER BY outcomeUUID, ordinal")
            )
        }
        #expect(before.0.contains("outcomeValue_by_kind"), "the plan v9 fixes: \(before.0)")
        try CareStoreMigrations.migrator.migrate(queue)
        try queue.read { db in
            let plan = try Self.kindFilterPlan(db)
            #expect(plan.contains("USING INDEX sqlite_autoindex_outcomeValue_1 (outcomeUUID=?)"), "\(plan)")
            #expect(try Row.fetchAll(db, sql: "SELECT * FROM outcomeValue ORDER BY outcomeUUID, ordinal") == before.1)
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            let indexes = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outcomeValue'")
            #expect(indexes == ["sqlite_autoindex_outcomeValue_1"])
        }
    }

    @Test("outcomes(kind:) still returns exactly the outcomes holding a value of that kind")
    func kindFilterResult() throws {
        let store = try CareStore.inMemory()
        let task = try store.ensureTask(
            CareTask(id: "checkin", title: "Check In", schedule: try Fixture.daily(from: -5), sourceDigest: "d"),
            now: Fixture.day(-5), calendar: Fixture.utc
        ).task
        _ = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 1, values: [Fixture.value(3, kind: "pain")],
            createdDate: Fixture.day(-4, hour: 9))
        _ = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 2, values: [Fixture.value(8, kind: "sleep")],
            createdDate: Fixture.day(-3, hour: 9))
        _ = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 3,
            values: [Fixture.value(4, kind: "sleep"), Fixture.value(5, kind: "pain")],
            createdDate: Fixture.day(-2, hour: 9))
        #expect(try store.outcomes(kind: "pain").map(\.occurrence) == [3, 1])
        #expect(try store.outcomes(kind: "sleep").map(\.occurrence) == [3, 2])
        #expect(try store.outcomes(kind: "mood").isEmpty)
    }
}
