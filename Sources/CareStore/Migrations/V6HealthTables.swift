import GRDB

/// Migration v6: the tables an Apple Health export is kept in (docs/health-export.md, "How the store keeps an
/// export").
///
/// Every row of an imported item names the import that first brought it (`firstImport`), the import that wrote its
/// current version (`versionImport`), the last import that contained it (`lastImport`) and, once a newer full export
/// no longer contains it, the import that marked it deleted (`deletedImport`); rows are never removed. `identity` is
/// `restoredImport` names the import that brought a deleted row back. `identity` is
/// the item's 16-byte key (its sync identifier, else its type, source, instants and value), unique per table.
/// Instants are whole seconds since 1970 UTC. A sample keeps each date's written offset beside its instant, which
/// gives back the text as written (the reader accepts only the one exact form): the view `healthSampleWritten` shows
/// it; the other tables keep the texts themselves. Nested parts (metadata,
/// workout events, statistics, activities, route points) are kept as JSON text or, for route points, packed doubles.
enum V6HealthTables {
    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
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
                ) STRICT;
                CREATE TABLE healthSample (
                    seq INTEGER PRIMARY KEY,
                    identity BLOB NOT NULL,
                    type TEXT NOT NULL,
                    sourceName TEXT NOT NULL,
                    sourceVersion TEXT,
                    device TEXT,
                    unit TEXT,
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
                ) STRICT;
                CREATE UNIQUE INDEX healthSample_identity ON healthSample(identity);
                CREATE VIEW healthSampleWritten AS SELECT seq,
                    CASE WHEN creation IS NULL THEN NULL ELSE
                        strftime('%Y-%m-%d %H:%M:%S', creation + creationOffset * 60, 'unixepoch') || ' '
                        || (CASE WHEN creationOffset < 0 THEN '-' ELSE '+' END)
                        || printf('%02d%02d', abs(creationOffset) / 60, abs(creationOffset) % 60) END AS creationDate,
                    strftime('%Y-%m-%d %H:%M:%S', start + startOffset * 60, 'unixepoch') || ' '
                        || (CASE WHEN startOffset < 0 THEN '-' ELSE '+' END)
                        || printf('%02d%02d', abs(startOffset) / 60, abs(startOffset) % 60) AS startDate,
                    strftime('%Y-%m-%d %H:%M:%S', end + endOffset * 60, 'unixepoch') || ' '
                        || (CASE WHEN endOffset < 0 THEN '-' ELSE '+' END)
                        || printf('%02d%02d', abs(endOffset) / 60, abs(endOffset) % 60) AS endDate
                    FROM healthSample;
                CREATE INDEX healthSample_by_type_start ON healthSample(type, start);
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
                ) STRICT;
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
                ) STRICT;
                CREATE INDEX healthWorkout_by_start ON healthWorkout(start);
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
                ) STRICT;
                CREATE TABLE healthActivitySummary (
                    day TEXT PRIMARY KEY NOT NULL,
                    attributes TEXT NOT NULL,
                    firstImport INTEGER NOT NULL,
                    versionImport INTEGER NOT NULL,
                    lastImport INTEGER NOT NULL
                ) STRICT;
                CREATE TABLE healthOtherItem (
                    seq INTEGER PRIMARY KEY,
                    identity BLOB NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    attributes TEXT NOT NULL,
                    firstImport INTEGER NOT NULL,
                    lastImport INTEGER NOT NULL,
                    deletedImport INTEGER,
                    restoredImport INTEGER
                ) STRICT;
                """)
    }
}
