import GRDB

/// The schema the migrations lead to, written out: a new store is created from it in one transaction instead of by
/// replaying every migration (docs/store-file.md, "A new store is created whole"). Replaying them parsed and
/// rewrote the schema over and over (tables rebuilt, triggers renamed), about 36 million instructions before a new
/// store could take its first row; these statements are each parsed once.
///
/// The statements are the `sql` of the migrated store's `sqlite_master`, in its order, so a store made either way has
/// the same schema text, and the migrations stay the definition: `CareStoreSchemaTests` fails when the two differ, and
/// prints the statements to put here. Stores made before a migration existed are still brought up to date by the
/// migrations (`CareStoreMigrations`).
enum CareStoreSchema {
    /// Creates every table, index, view and trigger of the current schema in the empty database `db`, and records every
    /// migration as applied, as `DatabaseMigrator` records them.
    static func create(_ db: Database) throws {
        try db.inTransaction {
            for statement in statements { try db.execute(sql: statement) }
            for identifier in CareStoreMigrations.migrator.migrations {
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier])
            }
            return .commit
        }
    }

    /// The `sql` of every schema object SQLite did not make itself, in `sqlite_master` order.
    static let statements: [String] = [
        // table grdb_migrations
        #"""
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)
        """#,
        // table task
        #"""
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
        ) STRICT
        """#,
        // index task_by_id
        #"""
        CREATE INDEX task_by_id ON task(id)
        """#,
        // table outcomeValue
        #"""
        CREATE TABLE outcomeValue (
            outcomeUUID TEXT NOT NULL REFERENCES outcome(uuid) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            type TEXT NOT NULL,
            value ANY,
            kind TEXT,
            units TEXT,
            createdDate REAL NOT NULL,
            PRIMARY KEY (outcomeUUID, ordinal)
        ) STRICT
        """#,
        // table participant
        #"""
        CREATE TABLE participant (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            enrollmentDate REAL NOT NULL
        )
        """#,
        // table setting
        #"""
        CREATE TABLE setting (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        )
        """#,
        // table change
        #"""
        CREATE TABLE "change" (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            outcomeUUID TEXT NOT NULL REFERENCES outcome(uuid),
            kind TEXT NOT NULL CHECK (kind = 'added' OR kind = 'replaced' OR kind = 'deleted' OR kind = 'superseded')
        ) STRICT
        """#,
        // table outcome
        #"""
        CREATE TABLE "outcome" (
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
            eventEnd REAL NOT NULL,
            syncID TEXT,
            syncVersion INTEGER NOT NULL DEFAULT 1,
            runEndDate REAL,
            endReason TEXT CHECK (endReason = 'deleted' OR endReason = 'replaced' OR endReason = 'superseded')
        , recordedTimeZone TEXT, recordedUTCOffset INTEGER) STRICT
        """#,
        // index outcome_one_live_per_event
        #"""
        CREATE UNIQUE INDEX outcome_one_live_per_event ON outcome(taskUUID, occurrence) WHERE deletedDate IS NULL
        """#,
        // index outcome_by_event_time
        #"""
        CREATE INDEX outcome_by_event_time ON outcome(eventStart, eventEnd)
        """#,
        // trigger outcome_change_on_end
        #"""
        CREATE TRIGGER outcome_change_on_end AFTER UPDATE OF deletedDate ON outcome
            WHEN OLD.deletedDate IS NULL AND NEW.deletedDate IS NOT NULL AND COALESCE(NEW.endReason, 'deleted') != 'replaced'
        BEGIN
            INSERT INTO change (outcomeUUID, kind) VALUES (NEW.uuid, COALESCE(NEW.endReason, 'deleted'));
        END
        """#,
        // table healthImport
        #"""
        CREATE TABLE healthImport (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            importedDate REAL NOT NULL,
            file TEXT NOT NULL,
            homeZone TEXT NOT NULL,
            locale TEXT,
            exportDate INTEGER,
            exportDateText TEXT,
            exportVersion INTEGER,
            me TEXT,
            itemCount INTEGER NOT NULL DEFAULT 0,
            added INTEGER NOT NULL DEFAULT 0,
            updated INTEGER NOT NULL DEFAULT 0,
            deleted INTEGER NOT NULL DEFAULT 0,
            restored INTEGER NOT NULL DEFAULT 0
        ) STRICT
        """#,
        // table healthCorrelation
        #"""
        CREATE TABLE healthCorrelation (
            seq INTEGER PRIMARY KEY,
            identity BLOB NOT NULL UNIQUE,
            type TEXT NOT NULL,
            sourceName TEXT NOT NULL,
            sourceVersion TEXT,
            device TEXT,
            creationDate TEXT,
            startDate TEXT NOT NULL,
            endDate TEXT NOT NULL,
            start INTEGER NOT NULL,
            end INTEGER NOT NULL,
            attributes TEXT,
            metadata TEXT,
            members TEXT NOT NULL,
            firstImport INTEGER NOT NULL,
            versionImport INTEGER NOT NULL,
            lastImport INTEGER NOT NULL,
            deletedImport INTEGER,
            restoredImport INTEGER
        ) STRICT
        """#,
        // table healthWorkout
        #"""
        CREATE TABLE healthWorkout (
            seq INTEGER PRIMARY KEY,
            identity BLOB NOT NULL UNIQUE,
            activityType TEXT NOT NULL,
            sourceName TEXT NOT NULL,
            sourceVersion TEXT,
            device TEXT,
            creationDate TEXT,
            startDate TEXT NOT NULL,
            endDate TEXT NOT NULL,
            start INTEGER NOT NULL,
            end INTEGER NOT NULL,
            timeZone TEXT,
            syncIdentifier TEXT,
            syncVersion INTEGER,
            attributes TEXT,
            metadata TEXT,
            events TEXT,
            statistics TEXT,
            activities TEXT,
            firstImport INTEGER NOT NULL,
            versionImport INTEGER NOT NULL,
            lastImport INTEGER NOT NULL,
            deletedImport INTEGER,
            restoredImport INTEGER
        ) STRICT
        """#,
        // index healthWorkout_by_start
        #"""
        CREATE INDEX healthWorkout_by_start ON healthWorkout(start)
        """#,
        // table healthRoute
        #"""
        CREATE TABLE healthRoute (
            workoutSeq INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            sourceName TEXT NOT NULL,
            sourceVersion TEXT,
            device TEXT,
            creationDate TEXT,
            startDate TEXT,
            endDate TEXT,
            attributes TEXT,
            metadata TEXT,
            syncIdentifier TEXT,
            syncVersion INTEGER,
            filePath TEXT,
            fileMissing INTEGER NOT NULL,
            pointCount INTEGER NOT NULL,
            points BLOB,
            PRIMARY KEY (workoutSeq, ordinal)
        ) STRICT
        """#,
        // table healthActivitySummary
        #"""
        CREATE TABLE healthActivitySummary (
            day TEXT PRIMARY KEY NOT NULL,
            attributes TEXT NOT NULL,
            firstImport INTEGER NOT NULL,
            versionImport INTEGER NOT NULL,
            lastImport INTEGER NOT NULL
        ) STRICT
        """#,
        // table healthOtherItem
        #"""
        CREATE TABLE healthOtherItem (
            seq INTEGER PRIMARY KEY,
            identity BLOB NOT NULL UNIQUE,
            name TEXT NOT NULL,
            attributes TEXT NOT NULL,
            firstImport INTEGER NOT NULL,
            lastImport INTEGER NOT NULL,
            deletedImport INTEGER,
            restoredImport INTEGER
        ) STRICT
        """#,
        // table healthText
        #"""
        CREATE TABLE healthText (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE) STRICT
        """#,
        // table healthSample
        #"""
        CREATE TABLE "healthSample" (
            seq INTEGER PRIMARY KEY,
            identity BLOB NOT NULL,
            typeID INTEGER NOT NULL,
            sourceNameID INTEGER NOT NULL,
            sourceVersionID INTEGER,
            deviceID INTEGER,
            deviceAddress INTEGER,
            unitID INTEGER,
            creation INTEGER,
            creationOffset INTEGER,
            start INTEGER NOT NULL,
            startOffset INTEGER NOT NULL,
            end INTEGER NOT NULL,
            endOffset INTEGER NOT NULL,
            value TEXT,
            number REAL,
            timeZone TEXT,
            syncIdentifier TEXT,
            syncVersion INTEGER,
            userEntered INTEGER NOT NULL,
            metadata TEXT,
            extra TEXT,
            firstImport INTEGER NOT NULL,
            versionImport INTEGER NOT NULL,
            lastImport INTEGER NOT NULL,
            deletedImport INTEGER,
            restoredImport INTEGER
        ) STRICT
        """#,
        // index healthSample_identity
        #"""
        CREATE UNIQUE INDEX healthSample_identity ON healthSample(identity)
        """#,
        // index healthSample_by_type_start
        #"""
        CREATE INDEX healthSample_by_type_start ON healthSample(typeID, start)
        """#,
        // view healthSampleWritten
        #"""
        CREATE VIEW healthSampleWritten AS SELECT sample.seq, sample.identity,
            type.text AS type, source.text AS sourceName, version.text AS sourceVersion,
            CASE WHEN sample.deviceAddress IS NULL THEN device.text
                ELSE substr(device.text, 1, 14) || printf('%x', sample.deviceAddress)
                    || substr(device.text, 15) END AS device,
            unit.text AS unit,
            CASE WHEN sample.creation IS NULL THEN NULL ELSE
            strftime('%Y-%m-%d %H:%M:%S', sample.creation + sample.creationOffset * 60, 'unixepoch') || ' '
            || (CASE WHEN sample.creationOffset < 0 THEN '-' ELSE '+' END)
            || printf('%02d%02d', abs(sample.creationOffset) / 60, abs(sample.creationOffset) % 60) END AS creationDate,
            CASE WHEN sample.start IS NULL THEN NULL ELSE
            strftime('%Y-%m-%d %H:%M:%S', sample.start + sample.startOffset * 60, 'unixepoch') || ' '
            || (CASE WHEN sample.startOffset < 0 THEN '-' ELSE '+' END)
            || printf('%02d%02d', abs(sample.startOffset) / 60, abs(sample.startOffset) % 60) END AS startDate,
            CASE WHEN sample.end IS NULL THEN NULL ELSE
            strftime('%Y-%m-%d %H:%M:%S', sample.end + sample.endOffset * 60, 'unixepoch') || ' '
            || (CASE WHEN sample.endOffset < 0 THEN '-' ELSE '+' END)
            || printf('%02d%02d', abs(sample.endOffset) / 60, abs(sample.endOffset) % 60) END AS endDate,
            sample.creation, sample.start, sample.end, sample.value, sample.number, sample.timeZone,
            sample.syncIdentifier, sample.syncVersion, sample.userEntered, sample.metadata, sample.extra,
            sample.firstImport, sample.versionImport, sample.lastImport, sample.deletedImport, sample.restoredImport
            FROM healthSample AS sample
            JOIN healthText AS type ON type.id = sample.typeID
            JOIN healthText AS source ON source.id = sample.sourceNameID
            LEFT JOIN healthText AS version ON version.id = sample.sourceVersionID
            LEFT JOIN healthText AS device ON device.id = sample.deviceID
            LEFT JOIN healthText AS unit ON unit.id = sample.unitID
        """#,
        // table studyEnrolment
        #"""
        CREATE TABLE studyEnrolment (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            deviceUUID TEXT NOT NULL,
            participantUUID TEXT NOT NULL,
            participantLabel TEXT NOT NULL,
            studyID TEXT NOT NULL,
            homeTimeZone TEXT NOT NULL,
            databaseURL TEXT NOT NULL,
            enrolledDate REAL NOT NULL,
            pushedSeq INTEGER NOT NULL DEFAULT 0,
            pulledSeq INTEGER NOT NULL DEFAULT 0,
            lastSyncDate REAL,
            clockOffset REAL,
            applying INTEGER NOT NULL DEFAULT 0
        ) STRICT
        """#,
        // table syncOutbox
        #"""
        CREATE TABLE syncOutbox (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            outcomeUUID TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind = 'version' OR kind = 'delete'),
            deletedDate REAL
        ) STRICT
        """#,
        // trigger outcome_outbox_on_delete
        #"""
        CREATE TRIGGER outcome_outbox_on_delete AFTER UPDATE OF deletedDate ON outcome
            WHEN OLD.deletedDate IS NULL AND NEW.deletedDate IS NOT NULL AND NEW.endReason = 'deleted'
                AND EXISTS (SELECT 1 FROM studyEnrolment WHERE applying = 0)
        BEGIN
            INSERT INTO syncOutbox (outcomeUUID, kind, deletedDate) VALUES (NEW.uuid, 'delete', NEW.deletedDate);
        END
        """#,
        // index outcome_by_task_run
        #"""
        CREATE INDEX outcome_by_task_run ON outcome(taskRunUUID)
        """#,
        // index outcome_by_sync
        #"""
        CREATE INDEX outcome_by_sync ON outcome(syncID, seq)
        """#,
        // trigger outcome_change_on_insert
        #"""
        CREATE TRIGGER outcome_change_on_insert AFTER INSERT ON outcome WHEN NEW.deletedDate IS NULL BEGIN
            INSERT INTO change (outcomeUUID, kind)
                VALUES (NEW.uuid, CASE WHEN NEW.id = NEW.uuid THEN 'added' ELSE 'replaced' END);
        END
        """#,
        // trigger outcome_outbox_on_insert
        #"""
        CREATE TRIGGER outcome_outbox_on_insert AFTER INSERT ON outcome
            WHEN EXISTS (SELECT 1 FROM studyEnrolment WHERE applying = 0)
        BEGIN
            INSERT INTO syncOutbox (outcomeUUID, kind) VALUES (NEW.uuid, 'version');
        END
        """#,
    ]
}
