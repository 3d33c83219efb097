import GRDB

/// Migration v7: a sample row keeps the texts samples repeat as ids of `healthText` rows (docs/health-export.md, "How
/// the store keeps an export").
///
/// Type, source name, source version, unit and device description are the same in thousands of samples, and in v6
/// they were most of a row's bytes (the device text alone about 120 of 280); now each is kept once. The device text
/// is kept without its object address (`HealthDeviceText`), which the Health app writes anew into nearly every
/// record, and the address beside it as a number. The view `healthSampleWritten` gives every column back as text,
/// dates as written. The ids are not declared as foreign keys: only the importer writes them, and a check per id
/// per row would cost the import more than the rows themselves.
enum V7HealthSampleTexts {
    static func migrate(_ db: Database) throws {
        // Sorting a large store's rows into the new indexes goes through temporary files, not memory (the store keeps
        // temporary data in memory, `temp_store = MEMORY`; here that held 130 MB for a five-year import). SQLite
        // refuses the change once the transaction has used temporary storage; then the sort stays in memory.
        let tempStore = try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
        let onFiles = (try? db.execute(sql: "PRAGMA temp_store = FILE")) != nil
        defer { if onFiles { try? db.execute(sql: "PRAGMA temp_store = \(tempStore)") } }
        try db.execute(
            sql: """
                CREATE TABLE healthText (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE) STRICT;
                CREATE TABLE healthSampleV7 (
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
                ) STRICT;
                """)
        try copySamples(db)
        // Dropping a large table inside the migration's transaction kept a copy of every page it freed in memory (540
        // MB for a five-year import); its rows are deleted a slice at a time first, so each statement keeps little.
        while true {
            try db.execute(
                sql: "DELETE FROM healthSample WHERE seq IN (SELECT seq FROM healthSample ORDER BY seq LIMIT 10000)")
            if db.changesCount == 0 { break }
        }
        try db.execute(
            sql: """
                DROP VIEW healthSampleWritten;
                DROP TABLE healthSample;
                ALTER TABLE healthSampleV7 RENAME TO healthSample;
                CREATE UNIQUE INDEX healthSample_identity ON healthSample(identity);
                CREATE INDEX healthSample_by_type_start ON healthSample(typeID, start);
                CREATE VIEW healthSampleWritten AS SELECT sample.seq, sample.identity,
                    type.text AS type, source.text AS sourceName, version.text AS sourceVersion,
                    CASE WHEN sample.deviceAddress IS NULL THEN device.text
                        ELSE substr(device.text, 1, \(HealthDeviceText.prefix.count)) || printf('%x', sample.deviceAddress)
                            || substr(device.text, \(HealthDeviceText.prefix.count + 1)) END AS device,
                    unit.text AS unit,
                    \(writtenDate("creation")) AS creationDate,
                    \(writtenDate("start")) AS startDate,
                    \(writtenDate("end")) AS endDate,
                    sample.creation, sample.start, sample.end, sample.value, sample.number, sample.timeZone,
                    sample.syncIdentifier, sample.syncVersion, sample.userEntered, sample.metadata, sample.extra,
                    sample.firstImport, sample.versionImport, sample.lastImport, sample.deletedImport, sample.restoredImport
                    FROM healthSample AS sample
                    JOIN healthText AS type ON type.id = sample.typeID
                    JOIN healthText AS source ON source.id = sample.sourceNameID
                    LEFT JOIN healthText AS version ON version.id = sample.sourceVersionID
                    LEFT JOIN healthText AS device ON device.id = sample.deviceID
                    LEFT JOIN healthText AS unit ON unit.id = sample.unitID;
                """)
    }

    /// The v6 rows, in order, with their texts made ids.
    private static func copySamples(_ db: Database) throws {
        let insert = try db.makeStatement(
            sql: """
                INSERT INTO healthSampleV7 SELECT seq, identity, ?, ?, ?, ?, ?, ?, creation, creationOffset, start,
                    startOffset, end, endOffset, value, number, timeZone, syncIdentifier, syncVersion, userEntered, metadata,
                    extra, firstImport, versionImport, lastImport, deletedImport, restoredImport
                FROM healthSample WHERE seq = ?
                """)
        var ids: [String: Int64] = [:]
        func id(_ text: String?) throws -> Int64? {
            guard let text else { return nil }
            if let id = ids[text] { return id }
            let id = try HealthStoredTexts.id(of: text, db)
            ids[text] = id
            return id
        }
        let rows = try Row.fetchCursor(
            db, sql: "SELECT seq, type, sourceName, sourceVersion, device, unit FROM healthSample ORDER BY seq")
        while let row = try rows.next() {
            let device = (row["device"] as String?).map(HealthDeviceText.split)
            try insert.execute(arguments: [
                try id(row["type"]), try id(row["sourceName"]), try id(row["sourceVersion"]), try id(device?.template),
                device?.address, try id(row["unit"]), row["seq"] as Int64,
            ])
        }
    }

    /// The SQL of a date as the export wrote it, from its instant and offset columns (`start`, `startOffset`).
    private static func writtenDate(_ column: String) -> String {
        let instant = "sample.\(column)"
        let offset = "sample.\(column)Offset"
        return """
            CASE WHEN \(instant) IS NULL THEN NULL ELSE
                strftime('%Y-%m-%d %H:%M:%S', \(instant) + \(offset) * 60, 'unixepoch') || ' '
                || (CASE WHEN \(offset) < 0 THEN '-' ELSE '+' END)
                || printf('%02d%02d', abs(\(offset)) / 60, abs(\(offset)) % 60) END
            """
    }
}
