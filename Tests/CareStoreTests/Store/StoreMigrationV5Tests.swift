import CareModel
import Foundation
import GRDB
import SystemPackage
import TestSupport
import Testing

@testable import CareStore

@Suite("Care store: migration v5 (CHECK constraints without IN lists) keeps a v4 store's data")
struct StoreMigrationV5Tests {
    static let task = "00000000-0000-0000-0000-000000000001"

    /// The UUID text of a test outcome named `name` (two hex digits).
    static func u(_ name: String) -> String { "00000000-0000-0000-0000-0000000000" + name }

    /// A store file migrated up to v4 (the last released schema), with outcomes in every state written through v4's
    /// triggers: live, replaced (and its new version), deleted, superseded; values; and change counters raised above
    /// the largest row (as if rows had been removed), which the rebuild must keep.
    static func v4Store() throws -> (queue: DatabaseQueue, path: String, folder: URL) {
        let folder = TemporaryFolders.path("carestore-v5")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("v4.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try CareStoreMigrations.migrator.migrate(queue, upTo: "v4-change-kind-without-id-index")
        let schedule = try StoredSchedule.encode(try Fixture.daily(), taskID: "t")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO task (uuid, id, title, impactsAdherence, schedule, effectiveDate, createdDate, updatedDate)
                    VALUES (?, 't', 'T', 1, ?, ?, 0, 0);
                    """, arguments: [task, schedule, Fixture.today.timeIntervalSinceReferenceDate])
            func outcome(_ uuid: String, id: String, occurrence: Int, sync: String, version: Int = 1) throws {
                try db.execute(
                    sql: """
                        INSERT INTO outcome (uuid, id, taskUUID, occurrence, taskRunUUID, resultFile, createdDate, eventStart,
                            eventEnd, syncID, syncVersion, runEndDate)
                        VALUES (?, ?, ?, ?, ?, 'results/r.json', 10, 0, 3600, ?, ?, 11)
                        """, arguments: [uuid, id, task, occurrence, uuid, sync, version])
                try db.execute(
                    sql: """
                        INSERT INTO outcomeValue (outcomeUUID, ordinal, type, value, kind, units, createdDate)
                        VALUES (?, 0, 'double', 2.5, 'pain', NULL, 10), (?, 1, 'text', 'ok', 'note', 'x', 10)
                        """, arguments: [uuid, uuid])
            }
            func end(_ uuid: String, _ reason: String) throws {
                try db.execute(
                    sql: "UPDATE outcome SET deletedDate = 20, endReason = ? WHERE uuid = ?", arguments: [reason, uuid])
            }
            try outcome(u("A1"), id: u("A1"), occurrence: 0, sync: "s-a")
            try outcome(u("B1"), id: u("B1"), occurrence: 1, sync: "s-b")
            try end(u("B1"), "replaced")
            try outcome(u("B2"), id: u("B1"), occurrence: 1, sync: "s-b", version: 2)
            try outcome(u("C1"), id: u("C1"), occurrence: 2, sync: "s-c")
            try end(u("C1"), "deleted")
            try outcome(u("D1"), id: u("D1"), occurrence: 3, sync: "s-d")
            try end(u("D1"), "superseded")
            try outcome(u("E1"), id: u("E1"), occurrence: 3, sync: "s-e")
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = 40 WHERE name = 'outcome'")
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = 70 WHERE name = 'change'")
        }
        return (queue, path, folder)
    }

    /// Every row of the tables the migration rebuilds or references, and their counters, as text.
    static func snapshot(_ db: Database) throws -> [String] {
        var lines: [String] = []
        for (table, order) in [
            ("outcome", "seq"), ("outcomeValue", "outcomeUUID, ordinal"), ("change", "seq"), ("task", "seq"),
            ("sqlite_sequence", "name"),
        ] {
            for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY \(order)") {
                lines.append("\(table) \(row)")
            }
        }
        return lines
    }

    @Test("every row, seq and AUTOINCREMENT counter of a v4 store survives; indexes and triggers are as before")
    func keepsData() throws {
        let (queue, _, folder) = try Self.v4Store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try queue.read(Self.snapshot)
        #expect(
            before.filter { $0.hasPrefix("change ") }.count == 8,
            "v4's triggers wrote the feed: 6 added/replaced, 2 ends")
        // Up to v5 only: later migrations add columns of their own (v8's recorded zone).
        try CareStoreMigrations.migrator.migrate(queue, upTo: "v5-checks-without-in-lists")
        try queue.read { db in
            #expect(try Self.snapshot(db) == before)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            let objects = try Row.fetchAll(
                db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL")
            let names = Set(objects.compactMap { $0["name"] as String? })
            #expect(
                names.isSuperset(of: [
                    "outcome_one_live_per_event", "outcome_by_event_time", "outcome_by_task_run", "outcome_by_sync",
                    "outcome_change_on_insert", "outcome_change_on_end", "outcomeValue_by_kind", "task_by_id",
                ]))
            #expect(!names.contains("outcome_v5") && !names.contains("change_v5"))
            let tables = objects.filter { ($0["type"] as String?) == "table" }.compactMap { $0["sql"] as String? }
            #expect(!tables.contains { $0.contains(" IN (") }, "no CHECK is an IN list any more")
            #expect(try db.tableExists("outcome") && db.tableExists("change"))
            #expect(
                try db.columns(in: "outcome").map(\.name) == [
                    "seq", "uuid", "id", "taskUUID", "occurrence", "taskRunUUID", "resultFile", "createdDate",
                    "deletedDate",
                    "eventStart", "eventEnd", "syncID", "syncVersion", "runEndDate", "endReason",
                ])
        }
    }

    @Test("after v5 the CHECKs reject the same values, the triggers feed new writes after the carried-over counters")
    func behavesAsBefore() throws {
        let (queue, path, folder) = try Self.v4Store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try queue.close()
        let store = try CareStore(path: FilePath(path))  // migrates to v5 on open
        let before = try store.changes()
        #expect(
            before.changes.map(\.kind) == [.added, .added, .replaced, .added, .deleted, .added, .superseded, .added])
        #expect(before.anchor == ChangeAnchor(sequence: 8))
        let task = try #require(try store.task(id: "t"))
        let added = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 5, values: [], createdDate: Fixture.day(5, hour: 8))
        let after = try store.changes(since: before.anchor)
        #expect(after.changes.map(\.kind) == [.added])
        #expect(after.changes.first?.outcome.uuid == added.uuid)
        #expect(after.changes.first?.sequence == 71, "the change counter continues from 70, not from the largest row")
        let reopened = try DatabaseQueue(path: path)
        try reopened.write { db in
            #expect(
                try Int64.fetchOne(
                    db, sql: "SELECT seq FROM outcome WHERE uuid = ?", arguments: [added.uuid.uuidString]) == 41)
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "UPDATE outcome SET endReason = 'lost' WHERE uuid = ?", arguments: [Self.u("A1")])
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(
                    sql: "INSERT INTO change (outcomeUUID, kind) VALUES (?, 'moved')", arguments: [Self.u("A1")])
            }
            try db.execute(sql: "UPDATE outcome SET endReason = 'superseded' WHERE uuid = ?", arguments: [Self.u("A1")])
            try db.execute(
                sql: "INSERT INTO change (outcomeUUID, kind) VALUES (?, 'deleted')", arguments: [Self.u("A1")])
        }
        try reopened.close()
    }
}
