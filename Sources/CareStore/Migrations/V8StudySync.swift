import GRDB

/// Migration v8: what a store enrolled in a study keeps to synchronize with it (docs/study-sync.md, "The device's
/// store").
///
/// `studyEnrolment` (at most one row; the table keeps the British spelling of the stores that have it) binds the store
/// to a participant and device; `syncOutbox` numbers every change made on this device that the server must receive — a
/// new outcome version, or the participant's deletion of one — written by triggers in the transaction of the change
/// itself, so no write path can forget it. The triggers do nothing while the store is not enrolled (no row) and while a
/// pulled page is applied (`applying = 1`): rows that came from the server are not sent back. A deletion keeps its
/// instant in the outbox: a pulled page may show the version live again before the deletion is sent (the server had not
/// seen it yet). Each outcome also records the zone and UTC offset it was answered in, when known.
enum V8StudySync {
    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
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
                ) STRICT;
                CREATE TABLE syncOutbox (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    outcomeUUID TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind = 'version' OR kind = 'delete'),
                    deletedDate REAL
                ) STRICT;
                ALTER TABLE outcome ADD COLUMN recordedTimeZone TEXT;
                ALTER TABLE outcome ADD COLUMN recordedUTCOffset INTEGER;
                CREATE TRIGGER outcome_outbox_on_insert AFTER INSERT ON outcome
                    WHEN EXISTS (SELECT 1 FROM studyEnrolment WHERE applying = 0)
                BEGIN
                    INSERT INTO syncOutbox (outcomeUUID, kind) VALUES (NEW.uuid, 'version');
                END;
                CREATE TRIGGER outcome_outbox_on_delete AFTER UPDATE OF deletedDate ON outcome
                    WHEN OLD.deletedDate IS NULL AND NEW.deletedDate IS NOT NULL AND NEW.endReason = 'deleted'
                        AND EXISTS (SELECT 1 FROM studyEnrolment WHERE applying = 0)
                BEGIN
                    INSERT INTO syncOutbox (outcomeUUID, kind, deletedDate) VALUES (NEW.uuid, 'delete', NEW.deletedDate);
                END;
                """)
    }
}
