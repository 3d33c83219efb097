public import CareModel
public import Foundation
import GRDB

extension CareStore {
    /// Adds the first version of a task (docs/carekit-store.md, "Tasks and versions": no stored version may share its
    /// id or uuid). Stamps `createdDate`/`updatedDate` with `now` unless the task already carries them.
    @discardableResult
    public func addTask(_ task: CareTask, now: Date) throws(CareStoreError) -> CareTask {
        try write("add task") { db in try Self.insertFirstVersion(task, now: now, db) }
    }

    /// Adds a new version of the task with `task.id` (docs/carekit-store.md, "Tasks and versions"): fresh uuid,
    /// previous = the tip, `updatedDate = now`, everything else (including `effectiveDate`) from `task`. Fails when the
    /// task is missing or deleted, or when outcomes would be hidden (docs/carekit-store.md, "Outcomes" data-loss
    /// guard).
    @discardableResult
    package func updateTask(_ task: CareTask, now: Date) throws(CareStoreError) -> CareTask {
        try write("update task") { db in try Self.insertNextVersion(task, now: now, db) }
    }

    /// Deletes a task by adding a tombstone version (docs/carekit-store.md, "Tasks and versions") effective at
    /// `effectiveDate` (default: the tip's effective date, which hides the task for every date). Later updates fail.
    @discardableResult
    package func deleteTask(id: String, effectiveDate: Date? = nil, now: Date) throws(CareStoreError) -> CareTask {
        try write("delete task") { db in
            let chain = VersionChain(versions: try TaskRecord.versions(id: id, db))
            guard let tip = chain.tip else { throw CareStoreError.taskNotFound(id: id) }
            guard !chain.isDeleted else { throw CareStoreError.taskDeleted(id: id) }
            var tombstone = tip
            tombstone.uuid = UUID()
            tombstone.previousVersionUUID = tip.uuid
            tombstone.effectiveDate = effectiveDate ?? tip.effectiveDate
            tombstone.updatedDate = now
            tombstone.deletedDate = now
            try TaskRecord.insert(tombstone, db)
            return tombstone
        }
    }

    /// The newest version of `id` by effective date, or nil when absent or deleted (CareKit's `fetchAnyTask(withID:)`,
    /// except that a deleted task is not returned).
    package func task(id: String) throws(CareStoreError) -> CareTask? {
        try read("fetch task") { db in
            let chain = VersionChain(versions: try TaskRecord.versions(id: id, db))
            guard !chain.isDeleted else { return nil }
            return chain.versions.enumerated().max {
                ($0.element.effectiveDate, $0.offset) < ($1.element.effectiveDate, $1.offset)
            }?.element
        }
    }

    /// The version of `id` in force at `date` (docs/carekit-store.md, "Which version is in force" at an instant), or
    /// nil.
    package func task(id: String, at date: Date) throws(CareStoreError) -> CareTask? {
        try read("fetch task") { db in VersionChain(versions: try TaskRecord.versions(id: id, db)).version(at: date) }
    }

    /// Every version of `id`, oldest first, tombstone included.
    package func taskVersions(id: String) throws(CareStoreError) -> [CareTask] {
        try read("fetch task versions") { db in try TaskRecord.versions(id: id, db) }
    }

    /// The version with `uuid`, if any.
    package func taskVersion(uuid: UUID) throws(CareStoreError) -> CareTask? {
        try read("fetch task version") { db in try TaskRecord.version(uuid: uuid, db) }
    }

    /// The version of every task in force at `date`.
    package func tasks(at date: Date) throws(CareStoreError) -> [CareTask] {
        try read("fetch tasks") { db in
            try TaskRecord.allVersions(db, cache: taskCache).compactMap { VersionChain(versions: $0).version(at: date) }
        }
    }

    /// The version of every task qualifying for the interval [start, end) by docs/carekit-store.md, "Which version is
    /// in force" (in force at its end).
    package func tasks(from start: Date, to end: Date) throws(CareStoreError) -> [CareTask] {
        guard start <= end else { throw .invalidInterval(from: start, to: end) }
        return try read("fetch tasks") { db in
            try TaskRecord.allVersions(db, cache: taskCache).compactMap {
                VersionChain(versions: $0).latestVersion(endingBefore: end)?.task
            }
        }
    }

    static func insertFirstVersion(_ task: CareTask, now: Date, _ db: Database) throws -> CareTask {
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM task WHERE id = ?)", arguments: [task.id]) == true {
            throw CareStoreError.taskExists(id: task.id)
        }
        if try TaskRecord.version(uuid: task.uuid, db) != nil {
            throw CareStoreError.taskVersionExists(uuid: task.uuid)
        }
        var stored = task
        stored.createdDate = task.createdDate ?? now
        stored.updatedDate = task.updatedDate ?? now
        stored.previousVersionUUID = nil
        stored.deletedDate = nil
        try TaskRecord.insert(stored, db)
        return stored
    }

    static func insertNextVersion(_ task: CareTask, now: Date, _ db: Database) throws -> CareTask {
        let chain = VersionChain(versions: try TaskRecord.versions(id: task.id, db))
        guard let tip = chain.tip else { throw CareStoreError.taskNotFound(id: task.id) }
        guard !chain.isDeleted else { throw CareStoreError.taskDeleted(id: task.id) }
        if let latest = try latestOutcomeEvent(of: chain, db), latest.start >= task.effectiveDate {
            throw CareStoreError.dataLoss(
                taskID: task.id, latestOutcomeEventStart: latest.start, proposedEffectiveDate: task.effectiveDate)
        }
        var stored = task
        stored.uuid = UUID()
        stored.previousVersionUUID = tip.uuid
        stored.createdDate = task.createdDate ?? tip.createdDate ?? now
        stored.updatedDate = now
        stored.deletedDate = nil
        try TaskRecord.insert(stored, db)
        return stored
    }

    /// The live outcome event with the latest start among all versions of the chain (for the docs/carekit-store.md,
    /// "Outcomes" guard).
    static func latestOutcomeEvent(of chain: VersionChain, _ db: Database) throws -> (start: Date, end: Date)? {
        let uuids = chain.versions.map(\.uuid.uuidString)
        guard !uuids.isEmpty else { return nil }
        let marks = Array(repeating: "?", count: uuids.count).joined(separator: ",")
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT eventStart, eventEnd FROM outcome WHERE deletedDate IS NULL AND taskUUID IN (\(marks))
                ORDER BY eventStart DESC, eventEnd DESC LIMIT 1
                """,
            arguments: StatementArguments(uuids))
        guard let row, let start: Double = row["eventStart"], let end: Double = row["eventEnd"] else { return nil }
        return (Date(timeIntervalSinceReferenceDate: start), Date(timeIntervalSinceReferenceDate: end))
    }
}
