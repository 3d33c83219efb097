import GRDB

/// Migration v9: drops `outcomeValue_by_kind` (docs/carekit-store.md, "Indexes"). The one query filtering values by
/// kind, `outcomes(kind:)`, asks for a kind within one outcome, which the value table's key (outcomeUUID, ordinal)
/// answers. With the kind index there, SQLite's planner (no statistics gathered) picked it for that correlated
/// subquery and read every value of the kind once per outcome: `regimen outcomes --kind` took 21 s over 10,000
/// outcomes, and every ingested value paid for keeping the index.
enum V9NoValueKindIndex {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: "DROP INDEX IF EXISTS outcomeValue_by_kind")
    }
}
