import Foundation
import GRDB
import HealthData
import Testing

@testable import CareStore

/// The store's side of `regimen health import` (docs/health-export.md, "Identity, re-import, deletions"): idempotent
/// re-import, HealthKit's sync-version rule, deletions only from a newer full export, correlation members kept once,
/// routes kept with their workout's version, and all-or-nothing on failure.
@Suite("Health import into the store")
struct StoreHealthImportTests {
    static let watch = HealthSource(
        name: "Ann’s Apple Watch", version: "10.6", device: "<<HKDevice: 0x1>, name:Apple Watch, model:Watch>")
    static let phone = HealthSource(name: "Ann’s iPhone", version: "17.5")

    static func date(_ seconds: Int64, offset: Int16 = 120) -> HealthDate {
        HealthDate(seconds: seconds, offsetMinutes: offset)
    }

    static func header(exportedAt seconds: Int64) -> HealthExportItem {
        .header(HealthExportHeader(locale: "en_US", exportDate: date(seconds), exportVersion: 14))
    }

    static func steps(_ start: Int64, _ value: Int, source: HealthSource = watch, offset: Int16 = 120) -> HealthSample {
        HealthSample(
            type: "HKQuantityTypeIdentifierStepCount", source: source, unit: "count",
            creationDate: date(start + 600, offset: offset),
            startDate: date(start, offset: offset), endDate: date(start + 300, offset: offset), value: String(value))
    }

    static func vo2(_ id: String, version: Int, value: String) -> HealthSample {
        HealthSample(
            type: "HKQuantityTypeIdentifierVO2Max", source: watch, unit: "mL/min·kg", startDate: date(1_700_000_000),
            endDate: date(1_700_000_000), value: value,
            metadata: [
                HealthMetadataEntry(key: "HKMetadataKeySyncIdentifier", value: id),
                HealthMetadataEntry(key: "HKMetadataKeySyncVersion", value: String(version)),
            ])
    }

    /// Imports `items` as one export, in batches of two.
    @discardableResult
    static func importItems(_ items: [HealthExportItem], into store: CareStore, file: String = "export.zip") throws
        -> HealthImportReport
    {
        var rest = items[...]
        var batcher = HealthImportBatcher()
        return try store.importHealth(
            file: file, homeZone: "Europe/Berlin", importedDate: Date(timeIntervalSince1970: 1_800_000_000)
        ) {
            guard !rest.isEmpty else { return nil }
            rest.prefix(2).forEach { batcher.add($0) }
            rest = rest.dropFirst(2)
            return batcher.take()
        }
    }

    static func count(_ store: CareStore, _ sql: String) throws -> Int {
        try store.writer.read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
    }

    @Test("a first import adds everything; the same export again changes nothing")
    func reimportIsIdempotent() throws {
        let store = try CareStore.inMemory()
        let items: [HealthExportItem] = [
            Self.header(exportedAt: 1_750_000_000),
            .me([HealthAttribute(name: "HKCharacteristicTypeIdentifierBiologicalSex", value: "HKBiologicalSexFemale")]),
            .sample(Self.steps(1_700_000_000, 120)), .sample(Self.steps(1_700_000_000, 95, source: Self.phone)),
            .sample(Self.vo2("A", version: 1, value: "41")),
            .activitySummary(
                HealthActivitySummary(
                    day: "2023-11-14", attributes: [HealthAttribute(name: "activeEnergyBurned", value: "410")])),
        ]
        let first = try Self.importItems(items, into: store)
        #expect(first.samples == HealthImportCounts(added: 3))
        #expect(first.activitySummaries == HealthImportCounts(added: 1))
        #expect(first.appliedDeletions)
        let second = try Self.importItems(items, into: store)
        #expect(second.importNumber == 2)
        #expect(second.samples == HealthImportCounts(unchanged: 3))
        #expect(second.activitySummaries == HealthImportCounts(unchanged: 1))
        #expect(!second.samples.changedAnything)
        #expect(try Self.count(store, "SELECT count(*) FROM healthSample") == 3)
        #expect(try Self.count(store, "SELECT count(*) FROM healthSample WHERE deletedImport IS NOT NULL") == 0)
    }

    @Test("the same sample written with another export's offset is the same sample")
    func identityUsesInstantsNotWrittenText() throws {
        let store = try CareStore.inMemory()
        try Self.importItems(
            [Self.header(exportedAt: 1_750_000_000), .sample(Self.steps(1_700_000_000, 120, offset: 120))], into: store)
        let later = try Self.importItems(
            [Self.header(exportedAt: 1_760_000_000), .sample(Self.steps(1_700_000_000, 120, offset: 60))], into: store)
        #expect(later.samples == HealthImportCounts(unchanged: 1))
        let text = try store.writer.read { db in
            try String.fetchOne(db, sql: "SELECT startDate FROM healthSampleWritten")
        }
        #expect(text == "2023-11-15 00:13:20 +0200")
    }

    @Test("a higher sync version replaces, a same or lower one is ignored (HealthKit's rule)")
    func syncVersions() throws {
        let store = try CareStore.inMemory()
        try Self.importItems(
            [Self.header(exportedAt: 1_750_000_000), .sample(Self.vo2("A", version: 2, value: "41"))], into: store)
        let lower = try Self.importItems(
            [Self.header(exportedAt: 1_760_000_000), .sample(Self.vo2("A", version: 1, value: "39"))], into: store)
        #expect(lower.samples == HealthImportCounts(unchanged: 1))
        let higher = try Self.importItems(
            [Self.header(exportedAt: 1_770_000_000), .sample(Self.vo2("A", version: 3, value: "44"))], into: store)
        #expect(higher.samples == HealthImportCounts(updated: 1))
        let row = try store.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT value, number, syncVersion FROM healthSample")
        }
        #expect(row?["value"] as String? == "44")
        #expect(row?["number"] as Double? == 44)
        #expect(row?["syncVersion"] as Int? == 3)
        #expect(try Self.count(store, "SELECT count(*) FROM healthSample") == 1)
    }

    @Test(
        "a newer export without a sample marks it deleted (kept); an older export deletes nothing; a sample back is restored"
    )
    func deletions() throws {
        let store = try CareStore.inMemory()
        let a = HealthExportItem.sample(Self.steps(1_700_000_000, 120))
        let b = HealthExportItem.sample(Self.steps(1_700_003_600, 80))
        let c = HealthExportItem.sample(Self.steps(1_700_007_200, 60))
        try Self.importItems([Self.header(exportedAt: 1_750_000_000), a, b], into: store)
        let newer = try Self.importItems([Self.header(exportedAt: 1_760_000_000), a, c], into: store)
        #expect(newer.samples == HealthImportCounts(added: 1, deleted: 1, unchanged: 1))
        #expect(try Self.count(store, "SELECT count(*) FROM healthSample") == 3)
        #expect(try Self.count(store, "SELECT count(*) FROM healthSample WHERE deletedImport = 2 AND number = 80") == 1)
        let older = try Self.importItems([Self.header(exportedAt: 1_740_000_000), a], into: store)
        #expect(!older.appliedDeletions)
        #expect(older.samples.deleted == 0)
        let back = try Self.importItems([Self.header(exportedAt: 1_770_000_000), a, b, c], into: store)
        #expect(back.samples == HealthImportCounts(restored: 1, unchanged: 2))
        #expect(try Self.count(store, "SELECT count(*) FROM healthSample WHERE deletedImport IS NOT NULL") == 0)
    }

    @Test("correlation members, also written at top level, are stored once; the correlation names them")
    func correlationMembersOnce() throws {
        let store = try CareStore.inMemory()
        func member(_ type: String, _ value: String) -> HealthSample {
            HealthSample(
                type: type, source: Self.phone, unit: "mmHg", startDate: Self.date(1_700_000_000),
                endDate: Self.date(1_700_000_000), value: value)
        }
        let systolic = member("HKQuantityTypeIdentifierBloodPressureSystolic", "121")
        let diastolic = member("HKQuantityTypeIdentifierBloodPressureDiastolic", "79")
        let correlation = HealthCorrelation(
            type: "HKCorrelationTypeIdentifierBloodPressure", source: Self.phone, startDate: Self.date(1_700_000_000),
            endDate: Self.date(1_700_000_000), members: [systolic, diastolic])
        let report = try Self.importItems(
            [Self.header(exportedAt: 1_750_000_000), .sample(systolic), .sample(diastolic), .correlation(correlation)],
            into: store)
        #expect(report.samples.added == 2)
        #expect(report.correlations.added == 1)
        #expect(try Self.count(store, "SELECT count(*) FROM healthSample") == 2)
        let members = try store.writer.read { db in
            try String.fetchOne(db, sql: "SELECT members FROM healthCorrelation")
        }
        #expect(members?.split(separator: ",").count == 2)
    }

    @Test("a workout keeps its parts and route points; re-importing it rewrites nothing")
    func workoutsAndRoutes() throws {
        let store = try CareStore.inMemory()
        let route = HealthWorkoutRoute(
            source: Self.watch, metadata: [HealthMetadataEntry(key: "HKMetadataKeySyncIdentifier", value: "R1")],
            filePath: "/workout-routes/route_2023-11-14_9.41am.gpx",
            points: [
                HealthRoutePoint(time: 1_700_000_000.5, latitude: 52.5, longitude: 13.4, altitude: 34, speed: 2.9),
                HealthRoutePoint(time: 1_700_000_001.5, latitude: 52.50001, longitude: 13.40002),
            ])
        let workout = HealthWorkout(
            activityType: "HKWorkoutActivityTypeRunning", source: Self.watch, startDate: Self.date(1_700_000_000),
            endDate: Self.date(1_700_001_800), attributes: [HealthAttribute(name: "duration", value: "30")],
            metadata: [HealthMetadataEntry(key: "HKTimeZone", value: "Europe/Berlin")],
            events: [HealthWorkoutEvent(type: "HKWorkoutEventTypePause", date: Self.date(1_700_000_600))],
            statistics: [
                HealthWorkoutStatistic(
                    type: "HKQuantityTypeIdentifierActiveEnergyBurned", startDate: Self.date(1_700_000_000),
                    endDate: Self.date(1_700_001_800),
                    attributes: [
                        HealthAttribute(name: "sum", value: "312"), HealthAttribute(name: "unit", value: "kcal"),
                    ])
            ],
            activities: [
                HealthWorkoutActivity(
                    uuid: "U1", startDate: Self.date(1_700_000_000), endDate: Self.date(1_700_001_800))
            ],
            routes: [route])
        let first = try Self.importItems([Self.header(exportedAt: 1_750_000_000), .workout(workout)], into: store)
        #expect(first.workouts == HealthImportCounts(added: 1))
        #expect(first.routePoints == 2)
        let stored = try store.writer.read { db in try Row.fetchOne(db, sql: "SELECT * FROM healthWorkout") }
        #expect(stored?["timeZone"] as String? == "Europe/Berlin")
        #expect((stored?["statistics"] as String?)?.contains("\"312\"") == true)
        #expect((stored?["events"] as String?)?.contains("HKWorkoutEventTypePause") == true)
        #expect((stored?["activities"] as String?)?.contains("\"U1\"") == true)
        let blob = try store.writer.read { db in try Data.fetchOne(db, sql: "SELECT points FROM healthRoute") }
        #expect(blob.map(HealthRoutePoints.unpacked) == route.points)
        let again = try Self.importItems([Self.header(exportedAt: 1_750_000_000), .workout(workout)], into: store)
        #expect(again.workouts == HealthImportCounts(unchanged: 1))
        #expect(again.routePoints == 0)
        #expect(try Self.count(store, "SELECT count(*) FROM healthRoute") == 1)
    }

    @Test("two records alike in every field are two samples (the export has no sample UUIDs); again, still two")
    func identicalRecordsAreKept() throws {
        let store = try CareStore.inMemory()
        let minute = HealthSample(
            type: "HKQuantityTypeIdentifierAppleExerciseTime", source: Self.watch, unit: "min",
            startDate: Self.date(1_700_000_000), endDate: Self.date(1_700_000_060), value: "1")
        let items: [HealthExportItem] = [
            Self.header(exportedAt: 1_750_000_000), .sample(minute), .sample(Self.steps(1_700_000_000, 5)),
            .sample(minute),
        ]
        let first = try Self.importItems(items, into: store)
        #expect(first.samples == HealthImportCounts(added: 3))
        let again = try Self.importItems(items, into: store)
        #expect(again.samples == HealthImportCounts(unchanged: 3))
        #expect(
            try Self.count(
                store,
                "SELECT count(*) FROM healthSampleWritten WHERE type = 'HKQuantityTypeIdentifierAppleExerciseTime'")
                == 2)
    }

    struct ReaderFailed: Error {}

    @Test("a failure while reading leaves the store as it was (all or nothing)")
    func failureWritesNothing() throws {
        let store = try CareStore.inMemory()
        var batches = 0
        #expect(throws: ReaderFailed.self) {
            try store.importHealth(file: "export.zip", homeZone: "UTC", importedDate: Date()) {
                batches += 1
                if batches == 3 { throw ReaderFailed() }
                var batcher = HealthImportBatcher()
                batcher.add(.sample(Self.steps(1_700_000_000 + Int64(batches) * 600, 10)))
                return batcher.take()
            }
        }
        #expect(try Self.count(store, "SELECT count(*) FROM healthSample") == 0)
        #expect(try Self.count(store, "SELECT count(*) FROM healthImport") == 0)
    }
}
