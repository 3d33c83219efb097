import GRDB

/// The store's schema migrations. Released migrations never change; add new ones ("v2", …) instead.
enum CareStoreMigrations {
    /// The migrator with every migration in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: v1)
        migrator.registerMigration("v2-participant", migrate: v2Participant)
        migrator.registerMigration("v3-sync", migrate: v3Sync)
        migrator.registerMigration("v4-change-kind-without-id-index", migrate: v4ChangeKindWithoutIDIndex)
        migrator.registerMigration("v5-checks-without-in-lists", migrate: V5ChecksWithoutInLists.migrate)
        migrator.registerMigration("v6-health", migrate: V6HealthTables.migrate)
        migrator.registerMigration("v7-health-sample-texts", migrate: V7HealthSampleTexts.migrate)
        migrator.registerMigration("v8-study-sync", migrate: V8StudySync.migrate)
        migrator.registerMigration("v9-no-value-kind-index", migrate: V9NoValueKindIndex.migrate)
        migrator.registerMigration("v10-consent-records", migrate: ConsentRecords.migrate)
        migrator.registerMigration("v11-care-plans", migrate: CarePlanTables.migrate)
        return migrator
    }

    /// Tasks (one row per version), outcomes, and outcome values with their order.
    private static func v1(_ db: Database) throws {
        try db.execute(
            sql: """
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
        try db.execute(
            sql: """
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

    /// Sync identifier and version on outcomes, why an outcome ended, and the change feed: `change` rows are written
    /// by triggers, so every write path (add, replace, delete, ingest, supersede) records its change in the same
    /// transaction. Kinds: added, replaced (a new version of an outcome id became live), deleted, superseded.
    /// Existing live outcomes are entered into the feed as added, in their insertion order.
    private static func v3Sync(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE outcome ADD COLUMN syncID TEXT;
                ALTER TABLE outcome ADD COLUMN syncVersion INTEGER NOT NULL DEFAULT 1;
                ALTER TABLE outcome ADD COLUMN runEndDate REAL;
                ALTER TABLE outcome ADD COLUMN endReason TEXT CHECK (endReason IN ('deleted', 'replaced', 'superseded'));
                UPDATE outcome SET syncID = taskRunUUID;
                UPDATE outcome SET endReason = CASE
                    WHEN EXISTS (SELECT 1 FROM outcome n WHERE n.id = outcome.id AND n.seq > outcome.seq) THEN 'replaced'
                    ELSE 'deleted' END
                    WHERE deletedDate IS NOT NULL;
                CREATE INDEX outcome_by_sync ON outcome(syncID, seq);
                CREATE INDEX outcome_by_id ON outcome(id, seq);
                CREATE TABLE change (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    outcomeUUID TEXT NOT NULL REFERENCES outcome(uuid),
                    kind TEXT NOT NULL CHECK (kind IN ('added', 'replaced', 'deleted', 'superseded'))
                ) STRICT;
                INSERT INTO change (outcomeUUID, kind) SELECT uuid, 'added' FROM outcome WHERE deletedDate IS NULL ORDER BY seq;
                CREATE TRIGGER outcome_change_on_insert AFTER INSERT ON outcome WHEN NEW.deletedDate IS NULL BEGIN
                    INSERT INTO change (outcomeUUID, kind) VALUES (NEW.uuid, CASE
                        WHEN EXISTS (SELECT 1 FROM outcome p WHERE p.id = NEW.id AND p.seq < NEW.seq) THEN 'replaced'
                        ELSE 'added' END);
                END;
                CREATE TRIGGER outcome_change_on_end AFTER UPDATE OF deletedDate ON outcome
                    WHEN OLD.deletedDate IS NULL AND NEW.deletedDate IS NOT NULL AND COALESCE(NEW.endReason, 'deleted') != 'replaced'
                BEGIN
                    INSERT INTO change (outcomeUUID, kind) VALUES (NEW.uuid, COALESCE(NEW.endReason, 'deleted'));
                END;
                """)
    }

    /// Bulk ingest spent much of its time maintaining `outcome_by_id` for the insert trigger's "is there an earlier row
    /// with this id" probe. From v4 an outcome's first version has `id == uuid`, so the trigger tells added from
    /// replaced by comparing the two, and the index goes. Superseded rows that were replaced since are marked replaced,
    /// so `supersededOutcomes` needs no id lookup either.
    private static func v4ChangeKindWithoutIDIndex(_ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE outcome SET endReason = 'replaced' WHERE endReason = 'superseded'
                    AND EXISTS (SELECT 1 FROM outcome n WHERE n.id = outcome.id AND n.seq > outcome.seq);
                DROP INDEX outcome_by_id;
                DROP TRIGGER outcome_change_on_insert;
                CREATE TRIGGER outcome_change_on_insert AFTER INSERT ON outcome WHEN NEW.deletedDate IS NULL BEGIN
                    INSERT INTO change (outcomeUUID, kind)
                        VALUES (NEW.uuid, CASE WHEN NEW.id = NEW.uuid THEN 'added' ELSE 'replaced' END);
                END;
                """)
    }
}
