import Foundation
import GRDB
import GRDBSQLite

/// One `INSERT INTO table (…) VALUES (…), (…), … [suffix]` statement shape, written for many rows at a time: one
/// statement for many rows costs SQLite far less than one per row (each statement opens, journals and closes its own
/// savepoint, and triggers' programs are set up once). The bulk writers (outcomes, health samples) share it.
/// SQLite's `SQLITE_TRANSIENT` destructor: SQLite copies the bound bytes before the call returns.
private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
/// SQLite's `SQLITE_STATIC` destructor: the bound bytes stay where they are, unchanged, until the binding is cleared
/// (SQLite, "Binding Values To Prepared Statements", <https://www.sqlite.org/c3ref/bind_blob.html>).
private let staticBytes: sqlite3_destructor_type? = nil

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
        var next = arguments.startIndex
        try write(rows: rows, db) { statement, index in
            defer { next += 1 }
            return Self.bind(arguments[next], to: statement, at: index)
        }
    }

    /// Writes `rows` rows whose arguments, `columns` per row, are `arguments` in order, binding its texts where they
    /// are (`SQLITE_STATIC`): the buffer outlives every statement's execution, whose bindings are cleared after it.
    mutating func write(_ arguments: BoundRows, rows: Int, _ db: Database) throws {
        // The buffers are read without bounds checks below.
        precondition(arguments.count == rows * columns, "\(arguments.count) arguments for \(rows) rows of \(columns)")
        try arguments.slots.withUnsafeBufferPointer { slots in
            try arguments.bytes.withUnsafeBufferPointer { bytes in
                var next = 0
                try write(rows: rows, db) { statement, index in
                    defer { next += 1 }
                    return Self.bind(slots[next], bytes: bytes, to: statement, at: index)
                }
            }
        }
    }

    /// Writes `rows` rows in as few statements as the sizes allow, `bind` binding each statement's arguments in order.
    private mutating func write(
        rows: Int, _ db: Database, bind: (_ statement: OpaquePointer, _ index: CInt) -> CInt
    ) throws {
        var done = 0
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
            // No binding outlives the write: a text bound in place must not be read after its buffer is gone.
            defer { sqlite3_clear_bindings(statement.sqliteStatement) }
            for index in 1...CInt(count * columns) {
                let code = bind(statement.sqliteStatement, index)
                guard code == SQLITE_OK else {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code), message: "cannot bind argument \(index)")
                }
            }
            try statement.execute()
            done += count
        }
    }

    /// Binds `slot` (its text or blob in `bytes`, bound in place) to parameter `index` of `statement`, storing what
    /// `bind(_:to:at:)` stores for the same value.
    private static func bind(
        _ slot: BoundRows.Slot, bytes: UnsafeBufferPointer<UInt8>, to statement: OpaquePointer, at index: CInt
    ) -> CInt {
        switch slot {
        case .null: return sqlite3_bind_null(statement, index)
        case .integer(let number): return sqlite3_bind_int64(statement, index, number)
        case .double(let number): return sqlite3_bind_double(statement, index, number)
        case .text(let start, let count):
            // An empty text has no bytes to point at, and a null text pointer would bind NULL.
            guard count > 0, let base = bytes.baseAddress else {
                return sqlite3_bind_text(statement, index, "", 0, transient)
            }
            return (base + Int(start)).withMemoryRebound(to: CChar.self, capacity: Int(count)) {
                sqlite3_bind_text(statement, index, $0, count, staticBytes)
            }
        case .blob(let start, let count):
            guard count > 0, let base = bytes.baseAddress else { return Data().bind(to: statement, at: index) }
            return sqlite3_bind_blob(statement, index, base + Int(start), count, staticBytes)
        }
    }

    /// Binds `value` to parameter `index` of `statement` as GRDB does, SQLite copying the bytes (`SQLITE_TRANSIENT`): a
    /// text ends at its first NUL, as GRDB's `-1` length makes it, so the bulk writers store what every other write
    /// does.
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
