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
    /// The statement sizes used, largest first: full, then 16 rows, then one — so a remainder never makes a statement
    /// of a new size (each size is compiled and cached once; a cache of every size up to the full one held tens of
    /// megabytes of compiled programs).
    private let sizes: [Int]
    /// Each size's statement, once looked up (the statement cache hashes the whole SQL text on every lookup).
    private var statements: [Int: Statement] = [:]

    /// A statement shape for `target` with `columns` placeholders per row and `rowsPerStatement` rows when full.
    init(_ target: String, columns: Int, rowsPerStatement: Int, suffix: String = "", rowTail: String = "") {
        self.target = target
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        self.suffix = suffix
        self.rowTail = rowTail
        sizes = [rowsPerStatement, min(16, rowsPerStatement), 1]
    }

    /// Writes `rows` rows whose arguments, `columns` per row, are `arguments` in order.
    mutating func write(_ arguments: ArraySlice<DatabaseValue>, rows: Int, _ db: Database) throws {
        var done = 0
        var start = arguments.startIndex
        while done < rows {
            let count = sizes.first { $0 <= rows - done } ?? 1
            let statement: Statement
            if let known = statements[count] {
                statement = known
            } else {
                // From the connection's cache: the next transaction's writer (e.g. ingest's next batch) finds the
                // statement compiled.
                statement = try db.cachedStatement(
                    sql: Self.sql(target, columns: columns, rows: count, suffix: suffix, rowTail: rowTail))
                statements[count] = statement
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
