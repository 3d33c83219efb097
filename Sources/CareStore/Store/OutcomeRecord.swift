import CareModel
import Foundation
import GRDB
import RegimenFoundation

/// Reading and writing `outcome` and `outcomeValue` rows.
enum OutcomeRecord {
    /// Inserts `outcome` and its values (with the rows of the insert triggers where the store holds them back:
    /// `OutcomeInsertTriggers`).
    static func insert(_ outcome: Outcome, _ db: Database) throws {
        let heldBack = try OutcomeInsertTriggers.areHeldBack(db)
        let before = heldBack ? try OutcomeInsertTriggers.lastRow(db) : 0
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO outcome (uuid, id, taskUUID, occurrence, taskRunUUID, resultFile, createdDate, deletedDate,
                    eventStart, eventEnd, syncID, syncVersion, runEndDate, endReason, recordedTimeZone, recordedUTCOffset)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        try statement.execute(arguments: [
            outcome.uuid.text, outcome.id, outcome.taskVersionUUID.text, outcome.occurrence,
            outcome.taskRunUUID?.text, outcome.resultFile, outcome.createdDate.timeIntervalSinceReferenceDate,
            outcome.deletedDate?.timeIntervalSinceReferenceDate, outcome.eventStart.timeIntervalSinceReferenceDate,
            outcome.eventEnd.timeIntervalSinceReferenceDate, outcome.syncID, outcome.syncVersion,
            outcome.runEndDate?.timeIntervalSinceReferenceDate, outcome.endReason?.rawValue, outcome.recordedTimeZone,
            outcome.recordedUTCOffset,
        ])
        if heldBack { try OutcomeInsertTriggers.writeRows(after: before, db) }
        var values = BoundRows()
        for (ordinal, value) in outcome.values.enumerated() {
            appendValueRow(value, ordinal: ordinal, outcomeUUID: outcome.uuid, to: &values)
        }
        var valueInsert = MultiRowInsert(valueTable, columns: valueColumns, rowsPerStatement: 16)
        try valueInsert.write(values, rows: outcome.values.count, db)
    }

    /// The value table and its columns, in the order of `appendValueRow`.
    static let valueTable = "outcomeValue (outcomeUUID, ordinal, type, value, kind, units, createdDate)"
    /// The columns of `valueTable`.
    static let valueColumns = 7

    /// Appends the `valueTable` row of `value`, the `ordinal`th value of outcome `outcomeUUID`, to `rows`.
    static func appendValueRow(_ value: OutcomeValue, ordinal: Int, outcomeUUID: UUID, to rows: inout BoundRows) {
        rows.append(outcomeUUID)
        rows.append(ordinal)
        rows.append(value.value.typeName)
        rows.append(databaseValue(value.value))
        rows.append(value.kind)
        rows.append(value.units)
        rows.append(value.createdDate)
    }

    /// Live (not deleted) outcomes matching `condition` (SQL over table alias `o`), values attached in order; with
    /// `includeEnded`, ended (deleted, replaced, superseded) rows too.
    static func fetch(
        where condition: String, arguments: StatementArguments, includeEnded: Bool = false, _ db: Database
    ) throws -> [Outcome] {
        let live = includeEnded ? "1" : "o.deletedDate IS NULL"
        // Cached statements: the same conditions come back many times on one connection.
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT o.* FROM outcome o WHERE \(live) AND (\(condition)) ORDER BY o.seq"),
            arguments: arguments)
        guard !rows.isEmpty else { return [] }
        let valueRows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT v.* FROM outcomeValue v JOIN outcome o ON o.uuid = v.outcomeUUID
                    WHERE \(live) AND (\(condition)) ORDER BY v.outcomeUUID, v.ordinal
                    """),
            arguments: arguments)
        return try assemble(rows, values: valueRows)
    }

    /// The live outcomes of the given occurrence ranges of task versions, values attached: one statement walking the
    /// one-live-per-event index once per range, however many ranges and however many outcomes lie outside them.
    static func fetchLive(occurrences ranges: [(taskVersionUUID: String, first: Int, last: Int)], _ db: Database) throws
        -> [Outcome]
    {
        guard !ranges.isEmpty else { return [] }
        // [["UUID", first, last], …] — version UUIDs are hex and dashes, so they need no escaping.
        let list =
            "["
            + ranges.map { "[\"\($0.taskVersionUUID)\",\($0.first),\($0.last)]" }
            .joined(separator: ",") + "]"
        let match = """
            FROM json_each(?) AS r CROSS JOIN outcome o ON o.taskUUID = json_extract(r.value, '$[0]')
                AND o.occurrence BETWEEN json_extract(r.value, '$[1]') AND json_extract(r.value, '$[2]')
            """
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT o.* \(match) WHERE o.deletedDate IS NULL ORDER BY o.seq"), arguments: [list]
        )
        guard !rows.isEmpty else { return [] }
        let valueRows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT v.* \(match) CROSS JOIN outcomeValue v ON v.outcomeUUID = o.uuid
                    WHERE o.deletedDate IS NULL ORDER BY v.outcomeUUID, v.ordinal
                    """),
            arguments: [list])
        return try assemble(rows, values: valueRows)
    }

    /// Outcome rows with their value rows attached in order.
    private static func assemble(_ rows: [Row], values valueRows: [Row]) throws -> [Outcome] {
        var outcomes = try rows.map(decode)
        var values: [String: [OutcomeValue]] = [:]
        for row in valueRows {
            guard let owner: String = row["outcomeUUID"] else { continue }
            values[owner, default: []].append(try decodeValue(row))
        }
        for index in outcomes.indices {
            outcomes[index].values = values[outcomes[index].uuid.uuidString] ?? []
        }
        return outcomes
    }

    /// The `value` column of `value`.
    private static func databaseValue(_ value: OutcomeValue.Value) -> DatabaseValue {
        switch value {
        case .integer(let number): number.databaseValue
        case .double(let number): number.databaseValue
        case .boolean(let flag): (flag ? 1 : 0).databaseValue
        case .text(let text): text.databaseValue
        case .binary(let data): data.databaseValue
        case .date(let date): date.timeIntervalSinceReferenceDate.databaseValue
        }
    }

    static func decodeValue(_ row: Row) throws -> OutcomeValue {
        func corrupt(_ reason: String) -> CareStoreError {
            .corruptRow(table: "outcomeValue", column: "value", reason: reason)
        }
        guard let type: String = row["type"], let created: Double = row["createdDate"] else {
            throw corrupt("missing type or createdDate")
        }
        let stored: DatabaseValue = row["value"]
        let value: OutcomeValue.Value
        switch (type, stored.storage) {
        case ("integer", .int64(let number)): value = .integer(Int(number))
        case ("double", .double(let number)): value = .double(number)
        case ("double", .int64(let number)): value = .double(Double(number))
        case ("boolean", .int64(let number)): value = .boolean(number != 0)
        case ("text", .string(let text)): value = .text(text)
        case ("binary", .blob(let data)): value = .binary(data)
        case ("date", .double(let seconds)): value = .date(Date(timeIntervalSinceReferenceDate: seconds))
        case ("date", .int64(let seconds)): value = .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
        default: throw corrupt("type \(type) does not match the stored value")
        }
        return OutcomeValue(
            value, kind: row["kind"], units: row["units"], createdDate: Date(timeIntervalSinceReferenceDate: created))
    }

    static func decode(_ row: Row) throws -> Outcome {
        func uuid(_ column: String) throws(CareStoreError) -> UUID {
            guard let text: String = row[column], let value = UUID(uuidString: text) else {
                throw .corruptRow(table: "outcome", column: column, reason: "not a UUID")
            }
            return value
        }
        func date(_ column: String) throws(CareStoreError) -> Date {
            guard let seconds: Double = row[column] else {
                throw .corruptRow(table: "outcome", column: column, reason: "missing date")
            }
            return Date(timeIntervalSinceReferenceDate: seconds)
        }
        guard let id: String = row["id"], let occurrence: Int = row["occurrence"] else {
            throw CareStoreError.corruptRow(table: "outcome", column: "id/occurrence", reason: "missing")
        }
        var outcome = Outcome(
            uuid: try uuid("uuid"), id: id, taskVersionUUID: try uuid("taskUUID"), occurrence: occurrence, values: [],
            createdDate: try date("createdDate"),
            deletedDate: (row["deletedDate"] as Double?).map(Date.init(timeIntervalSinceReferenceDate:)),
            taskRunUUID: row["taskRunUUID"] == nil ? nil : try uuid("taskRunUUID"), resultFile: row["resultFile"],
            eventStart: try date("eventStart"), eventEnd: try date("eventEnd"))
        outcome.syncID = row["syncID"]
        outcome.syncVersion = row["syncVersion"] ?? 1
        outcome.runEndDate = (row["runEndDate"] as Double?).map(Date.init(timeIntervalSinceReferenceDate:))
        outcome.recordedTimeZone = row["recordedTimeZone"]
        outcome.recordedUTCOffset = row["recordedUTCOffset"]
        if let reason: String = row["endReason"] {
            guard let parsed = OutcomeEndReason(rawValue: reason) else {
                throw CareStoreError.corruptRow(table: "outcome", column: "endReason", reason: "unknown reason")
            }
            outcome.endReason = parsed
        }
        return outcome
    }
}
