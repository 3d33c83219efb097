public import CareModel
public import Foundation
import GRDB
import RegimenFoundation

extension CareStore {
    /// Records the outcome of event `occurrence` of task version `taskVersion` (docs/carekit-store.md, "Outcomes"): the
    /// version must exist and not be deleted, the occurrence must exist in its schedule and not lie in a region
    /// shadowed by a later version, and the event must have no live outcome yet (also enforced by a partial UNIQUE
    /// index).
    @discardableResult
    public func addOutcome(
        taskVersion: UUID, occurrence: Int, values: [OutcomeValue], taskRunUUID: UUID? = nil, resultFile: String? = nil,
        createdDate: Date, recordedIn zone: TimeZone? = nil
    ) throws(CareStoreError) -> Outcome {
        let uuid = TimeOrderedUUIDs.single(at: createdDate)
        return try write("add outcome") { db in
            try Self.insertOutcome(
                uuid: uuid, id: uuid.uuidString, taskVersion: taskVersion, occurrence: occurrence, values: values,
                taskRunUUID: taskRunUUID, resultFile: resultFile, createdDate: createdDate, recordedIn: zone, db)
        }
    }

    /// Replaces the live outcome `uuid` by a new version for the same event and outcome id, in one transaction: the old
    /// one is marked deleted at `createdDate`, then the new one is added with the same checks as `addOutcome`.
    @discardableResult
    package func replaceOutcome(
        uuid: UUID, values: [OutcomeValue], taskRunUUID: UUID? = nil, resultFile: String? = nil, createdDate: Date,
        recordedIn zone: TimeZone? = nil
    ) throws(CareStoreError) -> Outcome {
        try write("replace outcome") { db in
            let old = try Self.markDeleted(uuid: uuid, at: createdDate, reason: .replaced, db)
            return try Self.insertOutcome(
                uuid: TimeOrderedUUIDs.single(at: createdDate), id: old.id, taskVersion: old.taskVersionUUID,
                occurrence: old.occurrence, values: values,
                taskRunUUID: taskRunUUID, resultFile: resultFile, createdDate: createdDate, recordedIn: zone, db)
        }
    }

    /// Deletes the live outcome `uuid` (it stays stored with `deletedDate = now`); its event becomes free again.
    package func deleteOutcome(uuid: UUID, now: Date) throws(CareStoreError) {
        _ = try write("delete outcome") { db in try Self.markDeleted(uuid: uuid, at: now, reason: .deleted, db) }
    }

    /// The live outcome with `uuid`, if any.
    package func outcome(uuid: UUID) throws(CareStoreError) -> Outcome? {
        try read("fetch outcome") { db in
            try OutcomeRecord.fetch(where: "o.uuid = ?", arguments: [uuid.uuidString], db).first
        }
    }

    /// Live outcomes recorded by the task run `taskRunUUID` (to make ingestion idempotent).
    package func outcomes(taskRunUUID: UUID) throws(CareStoreError) -> [Outcome] {
        try read("fetch outcomes") { db in
            try OutcomeRecord.fetch(where: "o.taskRunUUID = ?", arguments: [taskRunUUID.uuidString], db)
        }
    }

    /// Live outcomes, newest `createdDate` first, optionally only of task `taskID` (any version), only those having a
    /// value of `kind`, and only those whose event overlaps [from, to) (event start < to and event end ≥ from,
    /// docs/carekit-store.md, "Outcomes"). Outcome `o` has a value of the kind bound: answered by the value table's key
    /// (docs/carekit-store.md, "Indexes").
    static let hasValueOfKind = "EXISTS (SELECT 1 FROM outcomeValue v WHERE v.outcomeUUID = o.uuid AND v.kind = ?)"

    package func outcomes(
        taskID: String? = nil, kind: String? = nil, from start: Date? = nil, to end: Date? = nil
    ) throws(CareStoreError) -> [Outcome] {
        let (condition, arguments) = try Self.outcomeCondition(taskID: taskID, kind: kind, from: start, to: end)
        let found = try read("fetch outcomes") { [arguments] db in
            try OutcomeRecord.fetch(where: condition, arguments: arguments, db)
        }
        return found.enumerated()
            .sorted { ($1.element.createdDate, $0.offset) < ($0.element.createdDate, $1.offset) }
            .map(\.element)
    }

    /// The SQL condition (over table alias `o`) and its arguments selecting the outcomes of task `taskID` (any
    /// version), having a value of `kind`, whose event overlaps [start, end); each filter only when given.
    static func outcomeCondition(
        taskID: String?, kind: String?, from start: Date?, to end: Date?
    ) throws(CareStoreError) -> (String, StatementArguments) {
        if let start, let end, start > end { throw .invalidInterval(from: start, to: end) }
        var conditions = ["1"]
        var arguments = StatementArguments()
        if let taskID {
            conditions.append("o.taskUUID IN (SELECT uuid FROM task WHERE id = ?)")
            arguments += [taskID]
        }
        if let kind {
            conditions.append(Self.hasValueOfKind)
            arguments += [kind]
        }
        if let end {
            conditions.append("o.eventStart < ?")
            arguments += [end.timeIntervalSinceReferenceDate]
        }
        if let start {
            conditions.append("o.eventEnd >= ?")
            arguments += [start.timeIntervalSinceReferenceDate]
        }
        return (conditions.joined(separator: " AND "), arguments)
    }

    /// Inserts a new outcome row; a first version is given `id == uuid.uuidString` (the change feed relies on it).
    /// `zone`, when given, is recorded with its offset at `createdDate`.
    static func insertOutcome(
        uuid: UUID, id: String, taskVersion: UUID, occurrence: Int, values: [OutcomeValue], taskRunUUID: UUID?,
        resultFile: String?,
        createdDate: Date, recordedIn zone: TimeZone? = nil, _ db: Database
    ) throws -> Outcome {
        guard let task = try TaskRecord.version(uuid: taskVersion, db) else {
            throw CareStoreError.taskVersionNotFound(uuid: taskVersion)
        }
        guard task.deletedDate == nil else { throw CareStoreError.taskDeleted(id: task.id) }
        guard let event = task.schedule.event(occurrence: occurrence) else {
            throw CareStoreError.occurrenceNotFound(taskVersion: taskVersion, occurrence: occurrence)
        }
        // Shadowed region: walking forward from this version, a next version effective at or after the current one
        // and no later than the event start covers the event.
        let versions = try TaskRecord.versions(id: task.id, db)
        if let position = versions.firstIndex(where: { $0.uuid == taskVersion }) {
            var current = task
            for next in versions[(position + 1)...] {
                if next.effectiveDate >= current.effectiveDate && next.effectiveDate <= event.start {
                    throw CareStoreError.occurrenceShadowed(
                        taskVersion: taskVersion, occurrence: occurrence, byVersion: next.uuid)
                }
                current = next
            }
        }
        let taken = try Bool.fetchOne(
            db,
            sql: "SELECT EXISTS (SELECT 1 FROM outcome WHERE taskUUID = ? AND occurrence = ? AND deletedDate IS NULL)",
            arguments: [taskVersion.uuidString, occurrence])
        if taken == true { throw CareStoreError.outcomeExists(taskVersion: taskVersion, occurrence: occurrence) }
        var outcome = Outcome(
            uuid: uuid, id: id, taskVersionUUID: taskVersion, occurrence: occurrence, values: values,
            createdDate: createdDate,
            taskRunUUID: taskRunUUID, resultFile: resultFile, eventStart: event.start, eventEnd: event.end)
        if let zone {
            outcome.recordedTimeZone = zone.identifier
            outcome.recordedUTCOffset = zone.secondsFromGMT(for: createdDate)
        }
        do {
            try OutcomeRecord.insert(outcome, db)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw CareStoreError.outcomeExists(taskVersion: taskVersion, occurrence: occurrence)
        }
        return outcome
    }

    static func markDeleted(uuid: UUID, at date: Date, reason: OutcomeEndReason, _ db: Database) throws -> Outcome {
        guard let outcome = try OutcomeRecord.fetch(where: "o.uuid = ?", arguments: [uuid.uuidString], db).first else {
            throw CareStoreError.outcomeNotFound(uuid: uuid)
        }
        try endOutcome(uuid: uuid.uuidString, at: date, reason: reason, db)
        return outcome
    }

    /// Marks a live outcome row ended; the `outcome_change_on_end` trigger records the change (not for `.replaced`,
    /// whose successor's insertion is the change).
    static func endOutcome(uuid: String, at date: Date, reason: OutcomeEndReason, _ db: Database) throws {
        try db.cachedStatement(
            sql: "UPDATE outcome SET deletedDate = ?, endReason = ? WHERE uuid = ? AND deletedDate IS NULL"
        )
        .execute(arguments: [date.timeIntervalSinceReferenceDate, reason.rawValue, uuid])
    }
}

extension CareStore {
    /// Whether task `taskID` (any version) has ever had a live outcome; cheaper than fetching them.
    package func hasOutcome(taskID: String) throws(CareStoreError) -> Bool {
        try read("check outcomes") { db in try Self.hasOutcome(taskID: taskID, db) }
    }

    static func hasOutcome(taskID: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM outcome o WHERE o.deletedDate IS NULL
                    AND o.taskUUID IN (SELECT uuid FROM task WHERE id = ?))
                """, arguments: [taskID]) ?? false
    }
}
