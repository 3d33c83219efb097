import GRDB

/// One `INSERT INTO table (…) VALUES (…), (…), … [suffix]` statement shape, written for many rows at a time: one
/// statement for many rows costs SQLite far less than one per row (each statement opens, journals and closes its own
/// savepoint, and triggers' programs are set up once). The bulk writers (outcomes, health samples) share it.
struct MultiRowInsert {
    /// `table (column, …)`.
    let target: String
    /// Placeholders per row.
    let columns: Int
    /// Rows per full statement.
    let rowsPerStatement: Int
    /// Text after the VALUES list, e.g. an `ON CONFLICT … DO UPDATE` clause.
    let suffix: String
    /// Literal values ending every row after its placeholders (e.g. `, 7, 7` for columns the same in every row).
    let rowTail: String
    private let fullSQL: String
    /// The full-size statement, once looked up (the statement cache hashes the whole SQL text on every lookup).
    private var fullStatement: Statement?

    /// A statement shape for `target` with `columns` placeholders per row and `rowsPerStatement` rows when full.
    init(_ target: String, columns: Int, rowsPerStatement: Int, suffix: String = "", rowTail: String = "") {
        self.target = target
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        self.suffix = suffix
        self.rowTail = rowTail
        fullSQL = Self.sql(target, columns: columns, rows: rowsPerStatement, suffix: suffix, rowTail: rowTail)
    }

    /// Writes `rows` rows whose arguments, `columns` per row, are `arguments` in order.
    mutating func write(_ arguments: ArraySlice<DatabaseValue>, rows: Int, _ db: Database) throws {
        var done = 0
        var start = arguments.startIndex
        while done < rows {
            let count = min(rowsPerStatement, rows - done)
            let statement: Statement
            if count == rowsPerStatement {
                if let known = fullStatement {
                    statement = known
                } else {
                    statement = try db.cachedStatement(sql: fullSQL)
                    fullStatement = statement
                }
            } else {
                statement = try db.cachedStatement(
                    sql: Self.sql(target, columns: columns, rows: count, suffix: suffix, rowTail: rowTail))
            }
            // Bound value by value through GRDB's public `StatementBinding` (a StatementArguments of a thousand values
            // costs more than the insert): the empty arguments reset the statement and clear its old bindings.
            statement.setUncheckedArguments(StatementArguments())
            var index: CInt = 1
            let end = start + count * columns
            for value in arguments[start..<end] {
                let code = value.bind(to: statement.sqliteStatement, at: index)
                guard code == 0 else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind argument \(index)")
                }
                index += 1
            }
            try statement.execute()
            start = end
            done += count
        }
    }

    /// `INSERT INTO target VALUES (?, …, tail), … suffix` for `rows` rows of `columns` placeholders.
    private static func sql(_ target: String, columns: Int, rows: Int, suffix: String, rowTail: String) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ",") + rowTail + ")"
        return "INSERT INTO \(target) VALUES " + Array(repeating: row, count: rows).joined(separator: ",")
            + (suffix.isEmpty ? "" : " " + suffix)
    }
}
