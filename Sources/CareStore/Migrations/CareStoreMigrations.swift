import GRDB

/// The store's schema migrations. Released migrations never change; add new ones ("v2", …) instead.
enum CareStoreMigrations {
    /// The migrator with every migration in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: v1)
        migrator.registerMigration("v2-participant", migrate: v2Participant)
        return migrator
    }

    /// Tasks (one row per version), outcomes, and outcome values with their order.
    private static func v1(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE task (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                uuid TEXT NOT NULL UNIQUE,
                id TEXT NOT NULL,
                title TEXT NOT NULL,
                instructions TEXT,
                impactsAdherence INTEGER NOT NULL,
                schedule TEXT NOT NULL,
                effectiveDate REAL NOT NULL,
                createdDate REAL NOT NULL,
                updatedDate REAL NOT NULL,
                deletedDate REAL,
                previousVersionUUID TEXT REFERENCES task(uuid),
                sourceDigest TEXT
            ) STRICT;
            CREATE INDEX task_by_id ON task(id);
            CREATE TABLE outcome (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                uuid TEXT NOT NULL UNIQUE,
                id TEXT NOT NULL,
                taskUUID TEXT NOT NULL REFERENCES task(uuid),
                occurrence INTEGER NOT NULL,
                taskRunUUID TEXT,
                resultFile TEXT,
                createdDate REAL NOT NULL,
                deletedDate REAL,
                eventStart REAL NOT NULL,
                eventEnd REAL NOT NULL
            ) STRICT;
            CREATE UNIQUE INDEX outcome_one_live_per_event ON outcome(taskUUID, occurrence) WHERE deletedDate IS NULL;
            CREATE INDEX outcome_by_event_time ON outcome(eventStart, eventEnd);
            CREATE INDEX outcome_by_task_run ON outcome(taskRunUUID);
            CREATE TABLE outcomeValue (
                outcomeUUID TEXT NOT NULL REFERENCES outcome(uuid) ON DELETE CASCADE,
                ordinal INTEGER NOT NULL,
                type TEXT NOT NULL,
                value ANY,
                kind TEXT,
                units TEXT,
                createdDate REAL NOT NULL,
                PRIMARY KEY (outcomeUUID, ordinal)
            ) STRICT;
            CREATE INDEX outcomeValue_by_kind ON outcomeValue(kind);
            """)
    }

    /// The participant's enrollment instant, which survey schedules are anchored to, and small named settings.
    private static func v2Participant(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE participant (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                enrollmentDate REAL NOT NULL
            );
            CREATE TABLE setting (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            );
            """)
    }
}
