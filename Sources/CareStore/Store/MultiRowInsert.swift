import Foundation
import GRDB
import GRDBSQLite

/// One `INSERT INTO table (…) VALUES (…), (…), … [suffix]` statement shape, written for many rows at a time: one
/// statement for many rows costs SQLite far less than one per row (each statement opens, journals and closes its own
/// savepoint, and triggers' programs are set up once). The bulk writers (outcomes, health samples) share it.
/// SQLite's `SQLITE_TRANSIENT` destructor: SQLite copies the bound bytes before the call returns.
private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

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
            // Bound value by value straight through SQLite's C calls, each text with its length (GRDB's own binding
            // copies every string into a C array first, which cost a seventh of storing an ingest batch): the empty
            // arguments reset the statement and clear its old bindings.
            statement.setUncheckedArguments(StatementArguments())
            var index: CInt = 1
            let end = start + count * columns
            for value in arguments[start..<end] {
                let code = Self.bind(value, to: statement.sqliteStatement, at: index)
                guard code == SQLITE_OK else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind argument \(index)")
                }
                index += 1
            }
            try statement.execute()
            start = end
            done += count
        }
    }

    /// Binds `value` to parameter `index` of `statement` as GRDB does, SQLite copying the bytes (`SQLITE_TRANSIENT`):
    /// a text ends at its first NUL, as GRDB's `-1` length makes it, so the bulk writers store what every other write does.
    private static func bind(_ value: DatabaseValue, to statement: OpaquePointer, at index: CInt) -> CInt {
        switch value.storage {
        case .null: return sqlite3_bind_null(statement, index)
        case .int64(let number): return sqlite3_bind_int64(statement, index, number)
        case .double(let number): return sqlite3_bind_double(statement, index, number)
        case .string(var text):
            return text.withUTF8 { bytes in
                // An empty buffer may have no address, and a null text pointer would bind NULL.
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(statement, index, "", 0, transient)
                }
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return base.withMemoryRebound(to: CChar.self, capacity: length) {
                    sqlite3_bind_text(statement, index, $0, CInt(length), transient)
                }
            }
        case .blob: return value.bind(to: statement, at: index)
        }
    }

    /// `INSERT INTO target VALUES (?, …, tail), … suffix` for `rows` rows of `columns` placeholders.
    private static func sql(_ target: String, columns: Int, rows: Int, suffix: String, rowTail: String) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ",") + rowTail + ")"
        return "INSERT INTO \(target) VALUES " + Array(repeating: row, count: rows).joined(separator: ",")
            + (suffix.isEmpty ? "" : " " + suffix)
    }
}
