import Foundation
import GRDB
import GRDBSQLite
import Testing

@testable import CareStore

/// The bulk writers' multi-row INSERT binds each value itself, straight through SQLite (docs/performance.md, "Ingest"):
/// what it stores must be what GRDB's own binding stores for the same values, row for row, whatever the statement
/// sizes a number of rows is split into.
@Suite("Care store: multi-row inserts store what single inserts store")
struct MultiRowInsertTests {
    /// One row per kind of stored value, and the texts that binding could get wrong: empty, a NUL inside (GRDB ends a
    /// text there), letters beyond ASCII.
    private let rows: [[DatabaseValue]] = [
        [1.databaseValue, DatabaseValue.null],
        [2.databaseValue, Int64.max.databaseValue],
        [3.databaseValue, (-0.125).databaseValue],
        [4.databaseValue, "".databaseValue],
        [5.databaseValue, "plain".databaseValue],
        [6.databaseValue, "before\u{0}after".databaseValue],
        [7.databaseValue, "Schmerz über 7 — 痛み 🙂".databaseValue],
        [8.databaseValue, Data([0, 1, 2, 255]).databaseValue],
        [9.databaseValue, String(repeating: "long text ", count: 200).databaseValue],
        [10.databaseValue, Data().databaseValue],
        [11.databaseValue, "\u{0}".databaseValue],
        [12.databaseValue, (-0.0).databaseValue],
        [13.databaseValue, Int64.min.databaseValue],
    ]

    /// How a test hands the rows to the insert.
    enum Form: CaseIterable, CustomStringConvertible {
        /// An array of GRDB values (the health import's rows).
        case values
        /// `BoundRows`, texts bound in place (ingest's rows).
        case bound

        var description: String { self == .values ? "GRDB values" : "bound rows" }

        func write(_ rows: [[DatabaseValue]], with insert: inout MultiRowInsert, _ db: Database) throws {
            switch self {
            case .values:
                try insert.write(rows.flatMap { $0 }[...], rows: rows.count, db)
            case .bound:
                var bound = BoundRows()
                for value in rows.joined() { bound.append(value) }
                try insert.write(bound, rows: rows.count, db)
            }
        }
    }

    /// Each row's id, its value's storage class, its stored bytes in hex (SQLite's `length` of a text stops at a NUL)
    /// and the value read back.
    private func stored(_ table: String, _ db: Database) throws -> [[DatabaseValue]] {
        try Row.fetchAll(db, sql: "SELECT id, typeof(value), hex(value), value FROM \(table) ORDER BY id")
            .map { row in (0..<4).map { row[$0] as DatabaseValue } }
    }

    @Test(
        "rows written in statements of one, four or nine rows, from either form, equal rows inserted one by one through GRDB",
        arguments: [1, 4, 9], Form.allCases)
    func sameAsSingleInserts(rowsPerStatement: Int, form: Form) throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            for table in ["bulk", "single"] {
                try db.execute(sql: "CREATE TABLE \(table) (id INTEGER PRIMARY KEY, value ANY) STRICT")
            }
            for row in rows {
                try db.execute(sql: "INSERT INTO single VALUES (?, ?)", arguments: StatementArguments(row))
            }
            var insert = MultiRowInsert("bulk (id, value)", columns: 2, rowsPerStatement: rowsPerStatement)
            try form.write(rows, with: &insert, db)
            let bulk = try stored("bulk", db)
            #expect(bulk == (try stored("single", db)))
            #expect(bulk.count == rows.count)
            // The cases that matter, spelled out: an empty text is text, not NULL; a text ends at its first NUL.
            #expect(bulk[3][1] == "text".databaseValue && bulk[3][2] == "".databaseValue)
            #expect(bulk[5][2] == "6265666F7265".databaseValue, "the bytes of 'before', nothing after the NUL")
            #expect(bulk[6][3] == "Schmerz über 7 — 痛み 🙂".databaseValue)
        }
    }

    @Test(
        "a statement used again is reset: the second write stores its own rows, not the first one's",
        arguments: Form.allCases)
    func statementReused(form: Form) throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE bulk (id INTEGER PRIMARY KEY, value ANY) STRICT")
            var insert = MultiRowInsert("bulk (id, value)", columns: 2, rowsPerStatement: 2)
            try form.write(
                [[1.databaseValue, "one".databaseValue], [2.databaseValue, "two".databaseValue]], with: &insert, db)
            try form.write(
                [[3.databaseValue, DatabaseValue.null], [4.databaseValue, "four".databaseValue]], with: &insert, db)
            let values = try Row.fetchAll(db, sql: "SELECT value FROM bulk ORDER BY id").map { $0[0] as DatabaseValue }
            #expect(values == ["one".databaseValue, "two".databaseValue, .null, "four".databaseValue])
        }
    }

    @Test(
        "bound rows: a UUID is its canonical text, dates are seconds since 2001, nil is NULL, and no binding outlives the write"
    )
    func boundRowsForms() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE bulk (id INTEGER PRIMARY KEY, value ANY) STRICT")
            var insert = MultiRowInsert("bulk (id, value)", columns: 2, rowsPerStatement: 4)
            let uuid = try #require(UUID(uuidString: "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"))
            var bound = BoundRows()
            bound.append(1)
            bound.append(uuid)
            bound.append(2)
            bound.append(Date(timeIntervalSinceReferenceDate: 86_400.5))
            bound.append(3)
            bound.append(nil as UUID?)
            bound.append(4)
            bound.append(nil as String?)
            try insert.write(bound, rows: 4, db)
            let values = try Row.fetchAll(db, sql: "SELECT value FROM bulk ORDER BY id").map { $0[0] as DatabaseValue }
            #expect(
                values == ["017F22E2-79B0-7CC3-98C4-DC0C0C07398F".databaseValue, 86_400.5.databaseValue, .null, .null])
            // No statement of the connection keeps a pointer into the rows' buffer once written: every parameter of
            // every prepared statement, the insert's among them, shows NULL, not the UUID's text.
            var statement = sqlite3_next_stmt(db.sqliteConnection, nil)
            var inserts = 0
            while let current = statement {
                let expanded = try #require(sqlite3_expanded_sql(current))
                let text = String(cString: expanded)
                sqlite3_free(expanded)
                #expect(!text.contains("017F22E2"), "\(text)")
                if text.hasPrefix("INSERT INTO bulk") { inserts += 1 }
                statement = sqlite3_next_stmt(db.sqliteConnection, current)
            }
            #expect(inserts == 1)
        }
    }
}
