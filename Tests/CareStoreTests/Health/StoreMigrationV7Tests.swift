import Foundation
import GRDB
import HealthData
import SystemPackage
import TestSupport
import Testing

@testable import CareStore

/// Migration v7 (docs/health-export.md, "How the store keeps an export"): a v6 store's samples, their texts kept
/// inline, become rows with `healthText` ids and a device template plus address, and read back through
/// `healthSampleWritten` exactly as before; `healthSpans` finds them through the new by-type index.
@Suite("Care store: migration v7 (health sample texts kept once) keeps a v6 store's samples")
struct StoreMigrationV7Tests {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
    static let watchDevice =
        "<<HKDevice: 0x6e2b18928>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,10, software:10.6>"

    /// A v6 sample row as v6's importer wrote it.
    struct V6Sample {
        var seq: Int64
        var type: String, sourceName: String, sourceVersion: String?, device: String?, unit: String?
        var creation: HealthDate?, start: HealthDate, end: HealthDate
        var value: String?, number: Double?, timeZone: String?
        var userEntered = false
        var deletedImport: Int64?
    }

    static let samples = [
        V6Sample(
            seq: 3, type: steps, sourceName: "Ann’s Apple Watch", sourceVersion: "10.6", device: watchDevice,
            unit: "count",
            creation: HealthDate(seconds: 1_700_000_900, offsetMinutes: 120),
            start: HealthDate(seconds: 1_700_000_000, offsetMinutes: 120),
            end: HealthDate(seconds: 1_700_000_300, offsetMinutes: 120),
            value: "120", number: 120, timeZone: nil),
        // The same Watch at another address, and an offset west of UTC.
        V6Sample(
            seq: 7, type: steps, sourceName: "Ann’s Apple Watch", sourceVersion: "10.6",
            device: watchDevice.replacingOccurrences(of: "0x6e2b18928", with: "0x281f4c3a0"), unit: "count",
            creation: nil, start: HealthDate(seconds: 1_700_003_600, offsetMinutes: -330),
            end: HealthDate(seconds: 1_700_003_900, offsetMinutes: -330), value: "80", number: 80, timeZone: nil),
        // An upper-case address: kept whole.
        V6Sample(
            seq: 8, type: steps, sourceName: "Jürgen’s iPhone", sourceVersion: "17.5",
            device: "<<HKDevice: 0x3035D1DB0>, name:Jürgen’s iPhone, manufacturer:Apple Inc., model:iPhone>",
            unit: "count",
            creation: nil, start: HealthDate(seconds: 1_700_007_200, offsetMinutes: 0),
            end: HealthDate(seconds: 1_700_007_500, offsetMinutes: 0), value: "40", number: 40, timeZone: nil),
        // No version, device or unit.
        V6Sample(
            seq: 9, type: sleep, sourceName: "Ann’s Apple Watch", sourceVersion: nil, device: nil, unit: nil,
            creation: nil, start: HealthDate(seconds: 1_700_010_000, offsetMinutes: 60),
            end: HealthDate(seconds: 1_700_013_600, offsetMinutes: 60), value: "HKCategoryValueSleepAnalysisAsleepCore",
            number: nil, timeZone: "Europe/Berlin"),
        // Deleted by a later import: kept, but no span.
        V6Sample(
            seq: 12, type: steps, sourceName: "Ann’s Apple Watch", sourceVersion: "10.6", device: watchDevice,
            unit: "count",
            creation: nil, start: HealthDate(seconds: 1_700_020_000, offsetMinutes: 120),
            end: HealthDate(seconds: 1_700_020_300, offsetMinutes: 120), value: "5", number: 5, timeZone: nil,
            deletedImport: 2),
    ]

    /// A store file migrated up to v6 with `samples` written by SQL as v6 kept them.
    static func v6Store() throws -> (path: String, folder: URL) {
        let folder = TemporaryFolders.path("carestore-v7")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("v6.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try CareStoreMigrations.migrator.migrate(queue, upTo: "v6-health")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO healthImport (importedDate, file, homeZone) VALUES (0, 'export.zip', 'Europe/Berlin');
                    INSERT INTO healthImport (importedDate, file, homeZone) VALUES (1, 'export.zip', 'Europe/Berlin');
                    """)
            for sample in samples {
                try db.execute(
                    sql: """
                        INSERT INTO healthSample (seq, identity, type, sourceName, sourceVersion, device, unit, creation,
                            creationOffset, start, startOffset, end, endOffset, value, number, timeZone, userEntered,
                            firstImport, versionImport, lastImport, deletedImport)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 1, 1, ?)
                        """,
                    arguments: [
                        sample.seq, Data(repeating: UInt8(sample.seq), count: 16), sample.type, sample.sourceName,
                        sample.sourceVersion, sample.device, sample.unit, sample.creation?.seconds,
                        sample.creation.map { Int64($0.offsetMinutes) }, sample.start.seconds,
                        Int64(sample.start.offsetMinutes), sample.end.seconds, Int64(sample.end.offsetMinutes),
                        sample.value, sample.number, sample.timeZone, sample.userEntered, sample.deletedImport,
                    ])
            }
        }
        try queue.close()
        return (path, folder)
    }

    /// The samples as the view gives them back, one line each: every text as written, and the other columns.
    static func written(_ db: Database, columns: String) throws -> [String] {
        try Row.fetchAll(db, sql: "SELECT \(columns) FROM healthSampleWritten ORDER BY seq").map { "\($0)" }
    }

    /// What the view must give for `samples`, in the same form.
    static func expected() -> [String] {
        samples.map { sample in
            let row: Row = [
                "seq": sample.seq, "type": sample.type, "sourceName": sample.sourceName,
                "sourceVersion": sample.sourceVersion, "device": sample.device, "unit": sample.unit,
                "creationDate": sample.creation?.text, "startDate": sample.start.text, "endDate": sample.end.text,
                "value": sample.value, "number": sample.number, "timeZone": sample.timeZone,
                "deletedImport": sample.deletedImport,
            ]
            return "\(row)"
        }
    }

    @Test("a v6 sample row's texts and dates read back the same through healthSampleWritten after the migration")
    func keepsTexts() throws {
        let (path, folder) = try Self.v6Store()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Before: v6's view gives the dates; the table the texts.
        let before = try DatabaseQueue(path: path)
        let v6Dates = try before.read { db in
            try Row.fetchAll(db, sql: "SELECT creationDate, startDate, endDate FROM healthSampleWritten ORDER BY seq")
                .map { "\($0)" }
        }
        try before.close()
        #expect(
            v6Dates
                == Self.samples.map {
                    "\(["creationDate": $0.creation?.text, "startDate": $0.start.text, "endDate": $0.end.text] as Row)"
                })

        // Opening the store runs the remaining migrations, as it does for a participant's file.
        let store = try CareStore(path: FilePath(path))
        try store.writer.read { db in
            let columns =
                "seq, type, sourceName, sourceVersion, device, unit, creationDate, startDate, endDate, value, "
                + "number, timeZone, deletedImport"
            #expect(try Self.written(db, columns: columns) == Self.expected())
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").contains(
                    "v7-health-sample-texts"))
            // Kept once: 2 types, 2 source names, 2 versions, 2 device texts (the Watch's template, the iPhone's
            // whole text), 1 unit.
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM healthText") == 9)
            let addresses = try Row.fetchAll(db, sql: "SELECT seq, deviceAddress FROM healthSample ORDER BY seq")
                .map { $0["deviceAddress"] as Int64? }
            #expect(addresses == [0x6e2b18928, 0x281f4c3a0, nil, nil, 0x6e2b18928])
            let index = try Row.fetchAll(db, sql: "PRAGMA index_info(healthSample_by_type_start)").map {
                $0["name"] as String
            }
            #expect(index == ["typeID", "start"])
            let hasOldColumn = try Row.fetchAll(db, sql: "PRAGMA table_info(healthSample)")
                .contains { ["type", "sourceName", "sourceVersion", "device", "unit"].contains($0["name"] as String) }
            #expect(!hasOldColumn)
        }
    }

    @Test("healthSpans finds the migrated samples through the by-type index, live ones only, with their sources' tiers")
    func spansAfterMigration() throws {
        let (path, folder) = try Self.v6Store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try CareStore(path: FilePath(path))
        let plan = try store.writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    EXPLAIN QUERY PLAN SELECT start FROM healthSample
                    WHERE typeID = 1 AND start >= 0 AND start < 1 AND deletedImport IS NULL ORDER BY start
                    """
            ).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("healthSample_by_type_start") }, "\(plan)")

        let steps = try store.healthSpans(types: [Self.steps])
        #expect(
            steps.map(\.start) == [1_700_000_000, 1_700_003_600, 1_700_007_200], "the deleted sample gives no span")
        #expect(steps.map(\.value) == [120, 80, 40])
        #expect(steps.map(\.priority.tier) == [.watch, .watch, .iPhone])
        #expect(steps.map(\.priority.sourceName) == ["Ann’s Apple Watch", "Ann’s Apple Watch", "Jürgen’s iPhone"])
        let bounded = try store.healthSpans(types: [Self.steps], from: 1_700_003_600, to: 1_700_007_200)
        #expect(bounded.map(\.start) == [1_700_003_600])
        let nights = try store.healthSpans(types: [Self.sleep])
        #expect(nights.count == 1)
        #expect(nights.first?.sleep == HealthSleepValue(text: "HKCategoryValueSleepAnalysisAsleepCore"))
        #expect(nights.first?.timeZoneName == "Europe/Berlin")
        #expect(nights.first?.priority.tier == .watch, "no device: the source name places it")
        #expect(try store.healthSpans(types: ["HKQuantityTypeIdentifierHeartRate"]).isEmpty, "a type never stored")
    }
}
