import GRDB

/// Migration v5: the same schema, with the CHECK constraints of `outcome.endReason` and `change.kind` written as `=`
/// comparisons joined by OR instead of `IN (…)` lists.
///
/// SQLite evaluates a CHECK `x IN ('a', 'b', 'c')` of three or more constants by building a temporary index of the list
/// every time a statement writes a row, so every outcome insert built two (one for the outcome, one for the change row
/// its trigger writes): about a third of the store's work in a bulk ingest. The OR form accepts and rejects exactly the
/// same values (NULL passes both, as a CHECK that is NULL passes).
///
/// SQLite cannot alter a CHECK constraint, so both tables are rebuilt the documented way (new table, copy, drop,
/// rename), with foreign keys off during the migration (the migrator checks them before it commits). Every row keeps
/// its `seq`, and each table's AUTOINCREMENT counter is carried over, so change-feed anchors handed out before stay
/// valid. The indexes and triggers are recreated exactly as v1, v3 and v4 left them.
enum V5ChecksWithoutInLists {
    static func migrate(_ db: Database) throws {
        let sequences = try Row.fetchAll(
            db, sql: "SELECT name, seq FROM sqlite_sequence WHERE name IN ('outcome', 'change')"
        ).compactMap { row -> (String, Int64)? in
            guard let name: String = row["name"], let seq: Int64 = row["seq"] else { return nil }
            return (name, seq)
        }
        // The triggers on `outcome` write to `change`: dropped first, so no trigger names a table while it is rebuilt.
        try db.execute(
            sql: """
                DROP TRIGGER outcome_change_on_insert;
                DROP TRIGGER outcome_change_on_end;

                CREATE TABLE change_v5 (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    outcomeUUID TEXT NOT NULL REFERENCES outcome(uuid),
                    kind TEXT NOT NULL CHECK (kind = 'added' OR kind = 'replaced' OR kind = 'deleted' OR kind = 'superseded')
                ) STRICT;
                INSERT INTO change_v5 (seq, outcomeUUID, kind) SELECT seq, outcomeUUID, kind FROM change ORDER BY seq;
                DROP TABLE change;
                ALTER TABLE change_v5 RENAME TO change;

                CREATE TABLE outcome_v5 (
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
                ) STRICT;
                INSERT INTO outcome_v5 (seq, uuid, id, taskUUID, occurrence, taskRunUUID, resultFile, createdDate, deletedDate,
                        eventStart, eventEnd, syncID, syncVersion, runEndDate, endReason)
                    SELECT seq, uuid, id, taskUUID, occurrence, taskRunUUID, resultFile, createdDate, deletedDate,
                        eventStart, eventEnd, syncID, syncVersion, runEndDate, endReason
                    FROM outcome ORDER BY seq;
                DROP TABLE outcome;
                ALTER TABLE outcome_v5 RENAME TO outcome;
                CREATE UNIQUE INDEX outcome_one_live_per_event ON outcome(taskUUID, occurrence) WHERE deletedDate IS NULL;
                CREATE INDEX outcome_by_event_time ON outcome(eventStart, eventEnd);
                CREATE INDEX outcome_by_task_run ON outcome(taskRunUUID);
                CREATE INDEX outcome_by_sync ON outcome(syncID, seq);

                CREATE TRIGGER outcome_change_on_insert AFTER INSERT ON outcome WHEN NEW.deletedDate IS NULL BEGIN
                    INSERT INTO change (outcomeUUID, kind)
                        VALUES (NEW.uuid, CASE WHEN NEW.id = NEW.uuid THEN 'added' ELSE 'replaced' END);
                END;
                CREATE TRIGGER outcome_change_on_end AFTER UPDATE OF deletedDate ON outcome
                    WHEN OLD.deletedDate IS NULL AND NEW.deletedDate IS NOT NULL AND COALESCE(NEW.endReason, 'deleted') != 'replaced'
                BEGIN
                    INSERT INTO change (outcomeUUID, kind) VALUES (NEW.uuid, COALESCE(NEW.endReason, 'deleted'));
                END;
                """)
        // The copies set each counter to the largest seq copied; the old counter may be higher (rows removed since).
        for (name, seq) in sequences {
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ?", arguments: [name])
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [name, seq])
        }
    }
}
