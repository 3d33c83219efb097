import GRDB

/// Care plans, contacts, the patient record and each task version's plan and links (docs/care-plans.md, "In the
/// store"). Plans, contacts and the patient are versioned as tasks are: a row per version, each with its effective
/// date, linked to the version it replaces; a tombstone (`deletedDate`) ends one. The record itself is JSON of its
/// CareModel type (`body`), so a field added later needs no migration.
enum CarePlanTables {
    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE careRecord (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    uuid TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL CHECK (kind IN ('plan', 'contact', 'patient')),
                    id TEXT NOT NULL,
                    body TEXT NOT NULL,
                    effectiveDate REAL NOT NULL,
                    createdDate REAL NOT NULL,
                    deletedDate REAL,
                    previousVersionUUID TEXT REFERENCES careRecord(uuid)
                ) STRICT;
                CREATE INDEX careRecord_by_id ON careRecord(kind, id, seq);
                CREATE TABLE taskCare (
                    taskUUID TEXT PRIMARY KEY NOT NULL REFERENCES task(uuid),
                    planID TEXT,
                    links TEXT NOT NULL
                ) STRICT;
                """)
    }
}
