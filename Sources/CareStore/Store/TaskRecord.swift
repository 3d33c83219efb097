import CareModel
import Foundation
import GRDB

/// Reading and writing `task` rows.
enum TaskRecord {
    static func insert(_ task: CareTask, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO task (uuid, id, title, instructions, impactsAdherence, schedule, effectiveDate, createdDate,
                    updatedDate, deletedDate, previousVersionUUID, sourceDigest)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                task.uuid.uuidString, task.id, task.title, task.instructions, task.impactsAdherence,
                try StoredSchedule.encode(task.schedule, taskID: task.id),
                task.effectiveDate.timeIntervalSinceReferenceDate,
                (task.createdDate ?? .distantPast).timeIntervalSinceReferenceDate,
                (task.updatedDate ?? .distantPast).timeIntervalSinceReferenceDate,
                task.deletedDate?.timeIntervalSinceReferenceDate, task.previousVersionUUID?.uuidString,
                task.sourceDigest,
            ])
    }

    /// All versions of `id`, in insertion (= chain) order.
    static func versions(id: String, _ db: Database, cache: TaskCache? = nil) throws -> [CareTask] {
        try Row.fetchAll(db, sql: "SELECT * FROM task WHERE id = ? ORDER BY seq", arguments: [id])
            .map { row in try decode(row, db, cache: cache) }
    }

    /// All versions of every task, grouped by id, each group in chain order; ids in first-insertion order.
    static func allVersions(_ db: Database, cache: TaskCache? = nil) throws -> [[CareTask]] {
        var groups: [String: Int] = [:]
        var result: [[CareTask]] = []
        func add(_ task: CareTask) {
            if let index = groups[task.id] {
                result[index].append(task)
            } else {
                groups[task.id] = result.count
                result.append([task])
            }
        }
        // One query; only the rows not cached yet have their schedules decoded.
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM task ORDER BY seq")) {
            add(try decode(row, db, cache: cache))
        }
        return result
    }

    /// The version with `uuid`, if any.
    static func version(uuid: UUID, _ db: Database) throws -> CareTask? {
        try Row.fetchOne(db, sql: "SELECT * FROM task WHERE uuid = ?", arguments: [uuid.uuidString]).map {
            try decode($0, db)
        }
    }

    /// Decodes a row, using and filling `cache` when given.
    static func decode(_ row: Row, _ db: Database, cache: TaskCache?) throws -> CareTask {
        guard let cache, let uuid: String = row["uuid"] else { return try decode(row, db) }
        if let task = cache.task(uuid: uuid) { return task }
        let task = try decode(row, db)
        cache.store(task, uuid: uuid)
        return task
    }

    static func decode(_ row: Row, _ db: Database) throws -> CareTask {
        func uuid(_ column: String) throws(CareStoreError) -> UUID {
            guard let text: String = row[column], let value = UUID(uuidString: text) else {
                throw .corruptRow(table: "task", column: column, reason: "not a UUID")
            }
            return value
        }
        func date(_ column: String) -> Date? {
            (row[column] as Double?).map(Date.init(timeIntervalSinceReferenceDate:))
        }
        guard let id: String = row["id"], let title: String = row["title"], let scheduleText: String = row["schedule"],
            let effective = date("effectiveDate")
        else {
            throw CareStoreError.corruptRow(table: "task", column: "id/title/schedule/effectiveDate", reason: "missing")
        }
        var task = CareTask(
            id: id, title: title, instructions: row["instructions"], impactsAdherence: row["impactsAdherence"] ?? true,
            schedule: try StoredSchedule.decode(scheduleText, taskID: id), effectiveDate: effective,
            sourceDigest: row["sourceDigest"], uuid: try uuid("uuid"))
        task.createdDate = date("createdDate")
        task.updatedDate = date("updatedDate")
        task.deletedDate = date("deletedDate")
        task.previousVersionUUID = row["previousVersionUUID"] == nil ? nil : try uuid("previousVersionUUID")
        return task
    }
}
