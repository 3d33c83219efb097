package import Foundation
import GRDB
import HealthData

extension CareStore {
    /// Imports an Apple Health export's items, which `next` hands out in batches (`HealthImportBatcher`) until it
    /// returns nil, in one transaction (docs/health-export.md, "Identity, re-import, deletions"): all of it is stored
    /// or, when `next` or the database fails, none of it. `homeZone` is the zone the export's days are read in, kept
    /// with the import.
    ///
    /// Errors `next` throws are rethrown as they are; database failures become `CareStoreError`.
    package func importHealth(
        file: String, homeZone: String, importedDate: Date, next: () throws -> HealthImportBatch?
    ) throws -> HealthImportReport {
        if let writeRefusal { throw writeRefusal }
        do {
            return try writer.writeWithoutTransaction { db in
                let synchronous = try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? 2
                let checkpointPages = try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 1000
                let cachePages = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
                // An 8 MiB page cache while the indexes grow (SQLite's default is 2 MiB): fewer index pages spilled
                // to the log and read back; memory stays flat.
                try db.execute(
                    sql: "PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 10000; PRAGMA cache_size = -8192")
                defer {
                    try? db.execute(
                        sql: """
                            PRAGMA synchronous = \(synchronous); PRAGMA wal_autocheckpoint = \(checkpointPages); \
                            PRAGMA cache_size = \(cachePages)
                            """)
                }
                var report: HealthImportReport?
                try db.inTransaction {
                    try db.execute(
                        sql: "INSERT INTO healthImport (importedDate, file, homeZone) VALUES (?, ?, ?)",
                        arguments: [importedDate.timeIntervalSinceReferenceDate, file, homeZone])
                    var writer = HealthImportWriter(importNumber: db.lastInsertedRowID)
                    while var batch = try next() { try writer.write(&batch, db) }
                    report = try writer.finish(db)
                    return .commit
                }
                guard let report else { throw DatabaseError(message: "the import wrote no report") }
                return report
            }
        } catch let error as DatabaseError {
            throw failure(error, operation: "import health data")
        }
    }
}
