import GRDB

/// The store's triggers that run after each outcome row is inserted: the change feed's `added`/`replaced` row
/// (migration v5) and the study outbox's `version` row (migration v8).
///
/// A new store filled unseen (`StagedStoreFile`) holds them back while it is filled, and puts them back before it is
/// published (docs/store-file.md, "A new store is created whole"): SQLite runs a row trigger as a sub-program of its
/// own for every row, and copies a multi-row INSERT's rows into a temporary table first when the table has one, which
/// together were a tenth of an ingest's time. Whoever inserts outcomes into such a store writes the triggers' rows
/// itself, by `writeRows(after:)`, right after its INSERT.
enum OutcomeInsertTriggers {
    /// The triggers held back, by name.
    static let names = ["outcome_change_on_insert", "outcome_outbox_on_insert"]

    /// Drops the triggers and returns the statements that create them again, as the migrations wrote them. Throws
    /// when one is missing: a migration that renamed it must rename it here too.
    static func holdBack(_ db: Database) throws -> [String] {
        var statements: [String] = []
        for name in names {
            guard
                let sql = try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", arguments: [name])
            else { throw CareStoreError.database(operation: "set up a new store", reason: "no trigger \(name)") }
            statements.append(sql)
            try db.execute(sql: "DROP TRIGGER \(name)")
        }
        return statements
    }

    /// Whether the store's connection `db` has the triggers held back (none of them there, rather than all): then an
    /// outcome's insert writes their rows itself. Throws when only some are there, which no store should be.
    static func areHeldBack(_ db: Database) throws -> Bool {
        let present =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?)"),
                arguments: [names[0], names[1]]) ?? 0
        guard present == 0 || present == names.count else {
            throw CareStoreError.database(
                operation: "insert outcomes", reason: "only some of the outcome insert triggers")
        }
        return present == 0
    }

    /// The largest outcome row number so far (0 for none): the rows an INSERT adds next are those after it.
    static func lastRow(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(seq), 0) FROM outcome")) ?? 0
    }

    /// Writes the rows the triggers would have written for the outcome rows after `seq`, in their order, as the
    /// triggers' bodies say: a change row for each row inserted live (`added` for an outcome's first version, whose id
    /// is its UUID, else `replaced`), and an outbox row for each while the store is enrolled and not applying a pull.
    /// Only for rows not touched since their insert: an UPDATE ending one of them must come after this.
    static func writeRows(after seq: Int64, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO change (outcomeUUID, kind)
                    SELECT uuid, CASE WHEN id = uuid THEN 'added' ELSE 'replaced' END FROM outcome
                    WHERE seq > ? AND deletedDate IS NULL ORDER BY seq
                """
        ).execute(arguments: [seq])
        try db.cachedStatement(
            sql: """
                INSERT INTO syncOutbox (outcomeUUID, kind)
                    SELECT uuid, 'version' FROM outcome
                    WHERE seq > ? AND EXISTS (SELECT 1 FROM studyEnrolment WHERE applying = 0) ORDER BY seq
                """
        ).execute(arguments: [seq])
    }

    /// Creates the triggers `holdBack` dropped again.
    static func restore(_ statements: [String], _ db: Database) throws {
        for sql in statements { try db.execute(sql: sql) }
    }
}
