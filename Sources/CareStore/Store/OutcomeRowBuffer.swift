import CareModel
import Foundation
import GRDB
import RegimenFoundation

/// Outcome rows and their value rows waiting to be written, in the order they were appended, by multi-row INSERTs
/// (`INSERT … VALUES (…), (…), …`): one statement for many rows costs SQLite far less than one statement per row
/// (each statement opens, journals and closes its own savepoint, and the change trigger's program is set up once).
///
/// Rows go in append order, outcomes before the values that reference them, so the change feed (written by the insert
/// trigger) sees them in the same order as single inserts would. Whoever writes anything else to `outcome` in the same
/// transaction (an UPDATE ending an outcome, a read of outcomes) calls `flush` first.
struct OutcomeRowBuffer {
    /// Outcomes per INSERT statement (14 arguments each).
    static let outcomesPerStatement = 256
    /// Values per INSERT statement (7 arguments each).
    static let valuesPerStatement = 512

    private static let outcomeColumns = """
        outcome (uuid, id, taskUUID, occurrence, taskRunUUID, resultFile, createdDate, deletedDate, eventStart, eventEnd, \
        syncID, syncVersion, runEndDate, endReason)
        """
    private static let valueColumns = "outcomeValue (outcomeUUID, ordinal, type, value, kind, units, createdDate)"

    /// The full-size statements' SQL, made once.
    private static let fullOutcomeSQL = sql(into: outcomeColumns, columns: 14, rows: outcomesPerStatement)
    private static let fullValueSQL = sql(into: valueColumns, columns: 7, rows: valuesPerStatement)

    /// The full-size statements, once looked up (the statement cache hashes the whole SQL text on every lookup).
    private var fullStatements: [String: Statement] = [:]
    private var outcomeArguments: [DatabaseValue] = []
    private var outcomeCount = 0
    private var valueArguments: [DatabaseValue] = []
    private var valueCount = 0

    /// Whether nothing waits to be written.
    var isEmpty: Bool { outcomeCount == 0 && valueCount == 0 }

    /// Queues `outcome` (its row text `uuid` and task version text `taskUUID` already made) and its values; writes the
    /// queue when a statement's worth has gathered.
    mutating func append(_ outcome: Outcome, uuid: String, taskUUID: String, _ db: Database) throws {
        if outcomeArguments.isEmpty { outcomeArguments.reserveCapacity(Self.outcomesPerStatement * 14) }
        func optional(_ value: (some DatabaseValueConvertible)?) -> DatabaseValue { value?.databaseValue ?? .null }
        func seconds(_ date: Date?) -> DatabaseValue { optional(date?.timeIntervalSinceReferenceDate) }
        outcomeArguments.append(uuid.databaseValue)
        outcomeArguments.append(outcome.id.databaseValue)
        outcomeArguments.append(taskUUID.databaseValue)
        outcomeArguments.append(outcome.occurrence.databaseValue)
        outcomeArguments.append(optional(outcome.taskRunUUID?.text))
        outcomeArguments.append(optional(outcome.resultFile))
        outcomeArguments.append(seconds(outcome.createdDate))
        outcomeArguments.append(seconds(outcome.deletedDate))
        outcomeArguments.append(seconds(outcome.eventStart))
        outcomeArguments.append(seconds(outcome.eventEnd))
        outcomeArguments.append(optional(outcome.syncID))
        outcomeArguments.append(outcome.syncVersion.databaseValue)
        outcomeArguments.append(seconds(outcome.runEndDate))
        outcomeArguments.append(optional(outcome.endReason?.rawValue))
        outcomeCount += 1
        for (ordinal, value) in outcome.values.enumerated() {
            valueArguments.append(contentsOf: OutcomeRecord.valueArguments(value, ordinal: ordinal, outcomeUUID: uuid))
            valueCount += 1
        }
        if outcomeCount >= Self.outcomesPerStatement || valueCount >= Self.valuesPerStatement { try flush(db) }
    }

    /// Writes every queued row: outcomes first (values reference them), each kind in as few statements as fit.
    mutating func flush(_ db: Database) throws {
        try insert(into: Self.outcomeColumns, columns: 14, rows: outcomeCount, arguments: outcomeArguments,
                   perStatement: Self.outcomesPerStatement, fullSQL: Self.fullOutcomeSQL, db)
        try insert(into: Self.valueColumns, columns: 7, rows: valueCount, arguments: valueArguments,
                   perStatement: Self.valuesPerStatement, fullSQL: Self.fullValueSQL, db)
        outcomeArguments.removeAll(keepingCapacity: true)
        valueArguments.removeAll(keepingCapacity: true)
        outcomeCount = 0
        valueCount = 0
    }

    private mutating func insert(
        into table: String, columns: Int, rows: Int, arguments: [DatabaseValue], perStatement: Int, fullSQL: String,
        _ db: Database
    ) throws {
        var done = 0
        while done < rows {
            let count = min(perStatement, rows - done)
            let statement: Statement
            if count == perStatement {
                if let known = fullStatements[table] {
                    statement = known
                } else {
                    statement = try db.cachedStatement(sql: fullSQL)
                    fullStatements[table] = statement
                }
            } else {
                statement = try db.cachedStatement(sql: Self.sql(into: table, columns: columns, rows: count))
            }
            // Bound value by value through GRDB's public `StatementBinding` (a StatementArguments of a thousand values
            // costs more than the insert): the empty arguments reset the statement and clear its old bindings.
            statement.setUncheckedArguments(StatementArguments())
            var index: CInt = 1
            for value in arguments[(done * columns)..<((done + count) * columns)] {
                let code = value.bind(to: statement.sqliteStatement, at: index)
                guard code == 0 else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind argument \(index)")
                }
                index += 1
            }
            try statement.execute()
            done += count
        }
    }

    /// `INSERT INTO table VALUES (?, …), …` for `rows` rows of `columns` placeholders.
    private static func sql(into table: String, columns: Int, rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ",") + ")"
        return "INSERT INTO \(table) VALUES " + Array(repeating: row, count: rows).joined(separator: ",")
    }
}
