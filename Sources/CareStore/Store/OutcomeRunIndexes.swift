import GRDB

/// The outcome table's two indexes keyed by a run's identifiers: `outcome_by_task_run` (task run UUID) and
/// `outcome_by_sync` (sync identifier, then row number).
///
/// A new store filled unseen (`StagedStoreFile`) holds them back while it is filled and builds them once before it is
/// published (docs/performance.md, "Indexes built once for a new store"). Run UUIDs are random, so each row inserted
/// lands on a random leaf of both indexes: SQLite spent more on those two B-trees than on the rows themselves, while
/// building them from the finished table is one sort each. The filling needs neither: it looks a sync identifier up
/// only when one of its own earlier batches may have written it (`StagedSyncIDs`), which a scan of the new table
/// answers.
enum OutcomeRunIndexes {
    /// The indexes held back, by name.
    static let names = ["outcome_by_task_run", "outcome_by_sync"]

    /// Drops the indexes and returns the statements that create them again, as the migrations wrote them. Throws when
    /// one is missing: a migration that renamed it must rename it here too.
    static func holdBack(_ db: Database) throws -> [String] {
        var statements: [String] = []
        for name in names {
            guard
                let sql = try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", arguments: [name])
            else { throw CareStoreError.database(operation: "set up a new store", reason: "no index \(name)") }
            statements.append(sql)
            try db.execute(sql: "DROP INDEX \(name)")
        }
        return statements
    }

    /// Builds the indexes `holdBack` dropped, from the rows now in the table.
    static func restore(_ statements: [String], _ db: Database) throws {
        for statement in statements { try db.execute(sql: statement) }
    }
}
