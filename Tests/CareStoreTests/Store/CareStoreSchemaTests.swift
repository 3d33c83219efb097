import GRDB
import Testing

@testable import CareStore

/// A new store is created from `CareStoreSchema`'s statements instead of the migrations (docs/store-file.md, "A new
/// store is created whole"); these tests keep the two the same schema, so a migration added without the statements
/// fails here with the statements to paste.
@Suite("Care store: a new store's schema is the one the migrations lead to")
struct CareStoreSchemaTests {
    /// Every schema object of `queue`, sorted by kind and name: its kind, name, table and text.
    private static func schema(_ queue: DatabaseQueue) throws -> [[String?]] {
        try queue.read { db in
            try Row.fetchAll(
                db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
            )
            .map { row in (0..<4).map { row[$0] as String? } }
        }
    }

    /// The migrations recorded as applied, in the order recorded.
    private static func applied(_ queue: DatabaseQueue) throws -> [String] {
        try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
    }

    @Test("the statements make the schema every migration makes, text for text, and record every migration")
    func statementsEqualMigrations() throws {
        let migrated = try DatabaseQueue()
        try CareStoreMigrations.migrator.migrate(migrated)
        let created = try DatabaseQueue()
        try created.writeWithoutTransaction { db in try CareStoreSchema.create(db) }

        let expected = try Self.schema(migrated)
        let statements = try migrated.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name != 'sqlite_sequence' ORDER BY rowid")
        }
        #expect(
            try Self.schema(created) == expected,
            "CareStoreSchema.statements differ from the migrations' schema; they should be:\n\(statements.joined(separator: ";\n\n"))"
        )
        #expect(try Self.applied(created) == CareStoreMigrations.migrator.migrations)
        #expect(try Self.applied(migrated) == CareStoreMigrations.migrator.migrations)
        let versions = try [migrated, created].map { queue in
            try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
        }
        #expect(versions[0] == versions[1])
    }

    @Test("the migrator finds nothing left to apply to a store made from the statements, and a store made so opens")
    func migratorFindsNothingToApply() throws {
        let created = try DatabaseQueue()
        try created.writeWithoutTransaction { db in try CareStoreSchema.create(db) }
        #expect(try created.read { db in try CareStoreMigrations.migrator.hasCompletedMigrations(db) })
        try CareStoreMigrations.migrator.migrate(created)
        #expect(try Self.applied(created) == CareStoreMigrations.migrator.migrations)
    }

    @Test("a failing statement leaves the database empty: the schema is created in one transaction")
    func oneTransaction() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE healthText (x)") }
        #expect(throws: DatabaseError.self) {
            try queue.writeWithoutTransaction { db in try CareStoreSchema.create(db) }
        }
        let names = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master") }
        #expect(names == ["healthText"])
    }
}
