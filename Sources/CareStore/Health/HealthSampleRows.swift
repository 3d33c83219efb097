import GRDB

/// Prepared sample rows upserted many per statement (`MultiRowInsert`): a new identity is inserted; a known one is
/// marked seen by this import (and undeleted), and replaced only when its sync version is higher — HealthKit's rule
/// (docs/health-export.md, "Identity, re-import, deletions").
struct HealthSampleRows {
    static let rowsPerStatement = 256
    private static let content = [
        "typeID", "sourceNameID", "sourceVersionID", "deviceID", "deviceAddress", "unitID", "creation",
        "creationOffset",
        "start", "startOffset", "end", "endOffset",
        "value", "number", "timeZone", "syncIdentifier", "syncVersion", "userEntered", "metadata", "extra",
        "versionImport",
    ]
    private var insert: MultiRowInsert

    /// Rows of import `importNumber`, which every row's `firstImport`, `versionImport` and `lastImport` say.
    init(importNumber: Int64) {
        insert = MultiRowInsert(
            """
            healthSample (identity, typeID, sourceNameID, sourceVersionID, deviceID, deviceAddress, unitID, creation, \
            creationOffset, start, startOffset, end, endOffset, value, number, timeZone, syncIdentifier, syncVersion, userEntered, metadata, extra, \
            firstImport, versionImport, lastImport)
            """,
            columns: HealthSamplePreparer.columns, rowsPerStatement: Self.rowsPerStatement,
            suffix: "ON CONFLICT(identity) DO UPDATE SET lastImport = excluded.lastImport, deletedImport = NULL, "
                + "restoredImport = CASE WHEN healthSample.deletedImport IS NOT NULL THEN excluded.lastImport "
                + "ELSE healthSample.restoredImport END, "
                + Self.content.map {
                    "\($0) = CASE WHEN excluded.syncVersion > healthSample.syncVersion THEN excluded.\($0) "
                        + "ELSE healthSample.\($0) END"
                }.joined(separator: ", "),
            rowTail: ",\(importNumber),\(importNumber),\(importNumber)")
    }

    /// Upserts `rows` prepared rows (`HealthSamplePreparer.columns` values each).
    mutating func write(_ arguments: ArraySlice<DatabaseValue>, rows: Int, _ db: Database) throws {
        try insert.write(arguments, rows: rows, db)
    }
}
