import Foundation
import GRDB
import HealthData
import Testing

@testable import CareStore

/// A sample row keeps its repeated texts as `healthText` ids and its device text as a template plus the address
/// (docs/health-export.md, "How the store keeps an export"); the view `healthSampleWritten` gives every sample back
/// exactly as the export wrote it, whichever path wrote the row: the batches, a correlation's members, or a sample
/// arriving alone.
@Suite("Health import: sample texts kept once, read back through healthSampleWritten")
struct StoreHealthSampleTextsTests {
    static let watchDevice =
        "<<HKDevice: 0x6e2b18928>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,10, software:10.6>"
    static let watch = HealthSource(name: "Ann’s Apple Watch", version: "10.6", device: watchDevice)
    static let phone = HealthSource(
        name: "Jürgen’s iPhone", version: "17.5.1",
        device:
            "<<HKDevice: 0x3035d1db0>, name:Jürgen’s iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.5.1>"
    )
    /// An upper-case address: kept whole, without a template.
    static let scale = HealthSource(
        name: "Withings", version: "6.2",
        device: "<<HKDevice: 0x6E2B18928>, name:Body+, manufacturer:Withings, model:WBS05>")
    static let app = HealthSource(name: "Sleep Tracker")

    static func date(_ seconds: Int64, offset: Int16 = 120) -> HealthDate {
        HealthDate(seconds: seconds, offsetMinutes: offset)
    }

    /// `source`'s device text with its address replaced by `address` (hex, as the Health app writes it).
    static func device(_ source: HealthSource, address: String) -> HealthSource {
        let device = source.device!.replacingOccurrences(
            of: #"0x[0-9a-fA-F]+>"#, with: "0x\(address)>", options: .regularExpression)
        return HealthSource(name: source.name, version: source.version, device: device)
    }

    static func sample(
        _ type: String, _ source: HealthSource, unit: String?, start: Int64, value: String, offset: Int16 = 120,
        created: Bool = true
    ) -> HealthSample {
        HealthSample(
            type: type, source: source, unit: unit, creationDate: created ? date(start + 900, offset: offset) : nil,
            startDate: date(start, offset: offset), endDate: date(start + 300, offset: offset), value: value)
    }

    /// Imports `items` as one export, `batchSize` items a batch.
    @discardableResult
    static func importItems(_ items: [HealthExportItem], into store: CareStore, batchSize: Int = 2) throws
        -> HealthImportReport
    {
        var rest = items[...]
        var batcher = HealthImportBatcher()
        return try store.importHealth(
            file: "export.zip", homeZone: "Europe/Berlin", importedDate: Date(timeIntervalSince1970: 1_800_000_000)
        ) {
            guard !rest.isEmpty else { return nil }
            rest.prefix(batchSize).forEach { batcher.add($0) }
            rest = rest.dropFirst(batchSize)
            return batcher.take()
        }
    }

    /// A sample as the view gives it back.
    struct Written: Equatable, CustomStringConvertible {
        var type: String, sourceName: String, sourceVersion: String?, device: String?, unit: String?
        var creationDate: String?, startDate: String, endDate: String, value: String?

        init(_ sample: HealthSample) {
            type = sample.type
            sourceName = sample.source.name
            sourceVersion = sample.source.version
            device = sample.source.device
            unit = sample.unit
            creationDate = sample.creationDate?.text
            startDate = sample.startDate.text
            endDate = sample.endDate.text
            value = sample.value
        }

        init(_ row: Row) {
            type = row["type"]
            sourceName = row["sourceName"]
            sourceVersion = row["sourceVersion"]
            device = row["device"]
            unit = row["unit"]
            creationDate = row["creationDate"]
            startDate = row["startDate"]
            endDate = row["endDate"]
            value = row["value"]
        }

        var texts: [String?] {
            [type, sourceName, sourceVersion, device, unit, creationDate, startDate, endDate, value]
        }

        /// Texts compared byte for byte: `==` on strings would let a canonically equivalent text pass.
        static func == (lhs: Written, rhs: Written) -> Bool {
            lhs.texts.map { $0.map { Array($0.utf8) } } == rhs.texts.map { $0.map { Array($0.utf8) } }
        }

        var description: String { texts.map { $0?.debugDescription ?? "nil" }.joined(separator: " | ") }
    }

    /// Every sample of the store as the view gives it back, in the order they were written.
    static func written(_ store: CareStore, _ filter: String = "") throws -> [Written] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM healthSampleWritten \(filter) ORDER BY seq").map(Written.init)
        }
    }

    static func count(_ store: CareStore, _ sql: String) throws -> Int {
        try store.writer.read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
    }

    @Test("samples with devices, versions and units read back through healthSampleWritten exactly as they were written")
    func textsReadBackExactly() throws {
        let store = try CareStore.inMemory()
        let samples = [
            Self.sample(
                "HKQuantityTypeIdentifierStepCount", Self.watch, unit: "count", start: 1_700_000_000, value: "120"),
            Self.sample(
                "HKQuantityTypeIdentifierStepCount", Self.phone, unit: "count", start: 1_700_000_000, value: "95"),
            Self.sample(
                "HKQuantityTypeIdentifierBodyMass", Self.scale, unit: "kg", start: 1_700_010_000, value: "71.4",
                offset: -330),
            Self.sample(
                "HKQuantityTypeIdentifierVO2Max", Self.watch, unit: "mL/min·kg", start: 1_700_020_000, value: "41"),
            Self.sample(
                "HKCategoryTypeIdentifierSleepAnalysis", Self.app, unit: nil, start: 1_700_030_000,
                value: "HKCategoryValueSleepAnalysisAsleepCore", created: false),
            Self.sample(
                "HKQuantityTypeIdentifierStepCount", Self.device(Self.watch, address: "0"), unit: "count",
                start: 1_700_040_000, value: "7"),
        ]
        let report = try Self.importItems(
            [.header(HealthExportHeader(locale: "en_US", exportDate: Self.date(1_750_000_000), exportVersion: 14))]
                + samples.map { .sample($0) },
            into: store)
        #expect(report.samples.added == samples.count)
        #expect(try Self.written(store) == samples.map(Written.init))
        // Kept once: 4 types, 4 source names, 3 versions ("10.6" twice, the app has none), 3 device texts (the two
        // Watch texts share a template), 3 units.
        #expect(try Self.count(store, "SELECT count(*) FROM healthText") == 4 + 4 + 3 + 3 + 3)
        #expect(
            try Self.count(
                store, "SELECT count(*) FROM healthSample WHERE deviceAddress IS NULL AND deviceID IS NOT NULL") == 1,
            "the scale's upper-case address is kept whole")
        #expect(
            try Self.count(store, "SELECT count(*) FROM healthText WHERE text GLOB '*0x6e2b18928*'") == 0,
            "no device text keeps its lower-case address (GLOB: LIKE would match the scale's upper-case one)")
        // The same export again: nothing changes, no text is added.
        let again = try Self.importItems(
            [.header(HealthExportHeader(locale: "en_US", exportDate: Self.date(1_750_000_000), exportVersion: 14))]
                + samples.map { .sample($0) },
            into: store)
        #expect(again.samples == HealthImportCounts(unchanged: samples.count))
        #expect(try Self.count(store, "SELECT count(*) FROM healthText") == 17)
        #expect(try Self.written(store) == samples.map(Written.init))
    }

    @Test("two samples that differ only in the HKDevice address share one healthText row and keep their own addresses")
    func addressOnlyDifference() throws {
        let store = try CareStore.inMemory()
        let first = Self.sample(
            "HKQuantityTypeIdentifierHeartRate", Self.watch, unit: "count/min", start: 1_700_000_000, value: "61")
        let second = Self.sample(
            "HKQuantityTypeIdentifierHeartRate", Self.device(Self.watch, address: "281f4c3a0"), unit: "count/min",
            start: 1_700_000_300, value: "64")
        try Self.importItems([.sample(first), .sample(second)], into: store, batchSize: 1)
        let rows = try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT deviceID, deviceAddress FROM healthSample ORDER BY seq")
        }
        #expect(rows.count == 2)
        let deviceIDs = rows.map { $0["deviceID"] as Int64? }
        #expect(deviceIDs[0] != nil && deviceIDs[0] == deviceIDs[1])
        #expect(rows.map { $0["deviceAddress"] as Int64? } == [0x6e2b18928, 0x281f4c3a0])
        let templates = try store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT text FROM healthText WHERE text LIKE '<<HKDevice:%'")
        }
        #expect(
            templates == [
                "<<HKDevice: 0x>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,10, software:10.6>"
            ])
        #expect(try Self.written(store) == [Written(first), Written(second)])
    }

    @Test(
        "correlation members written by the member path, and a sample arriving alone, read back exactly and share the batches' texts"
    )
    func correlationMembers() throws {
        let store = try CareStore.inMemory()
        let cuff = HealthSource(
            name: "Omron Connect", version: "7.1",
            device: "<<HKDevice: 0x4a1b2c3d0>, name:BP7000, manufacturer:Omron, model:BP7000>")
        func member(_ type: String, _ source: HealthSource, _ start: Int64, _ value: String) -> HealthSample {
            Self.sample(type, source, unit: "mmHg", start: start, value: value)
        }
        func pressure(_ source: HealthSource, _ start: Int64, _ systolic: String, _ diastolic: String)
            -> HealthCorrelation
        {
            HealthCorrelation(
                type: "HKCorrelationTypeIdentifierBloodPressure", source: source, startDate: Self.date(start),
                endDate: Self.date(start + 300),
                members: [
                    member("HKQuantityTypeIdentifierBloodPressureSystolic", source, start, systolic),
                    member("HKQuantityTypeIdentifierBloodPressureDiastolic", source, start, diastolic),
                ])
        }
        // Members only inside their correlations: the writer's member path writes them. The second correlation's
        // texts were all numbered by the first; its device differs only in the address.
        let morning = pressure(cuff, 1_700_000_000, "121", "79")
        let evening = pressure(Self.device(cuff, address: "4a1b2c3e8"), 1_700_040_000, "118", "77")
        // A top-level sample of the same device, written by the batches' path.
        let pulse = Self.sample(
            "HKQuantityTypeIdentifierHeartRate", cuff, unit: "count/min", start: 1_700_000_000, value: "66")
        let report = try Self.importItems(
            [.correlation(morning), .sample(pulse), .correlation(evening)], into: store, batchSize: 1)
        #expect(report.correlations.added == 2)
        #expect(report.samples.added == 5)
        let expected = [morning.members[0], morning.members[1], pulse, evening.members[0], evening.members[1]]
        #expect(try Self.written(store) == expected.map(Written.init))
        #expect(
            try Self.count(store, "SELECT count(*) FROM healthText WHERE text LIKE '<<HKDevice:%'") == 1,
            "the member path and the batches' path find the same template")
        #expect(try Self.count(store, "SELECT count(*) FROM healthText WHERE text = 'mmHg'") == 1)
        // Each correlation names its members' rows.
        let named = try store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT members FROM healthCorrelation ORDER BY seq")
        }
        let identities = try store.writer.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT hex(identity) AS identity, type FROM healthSampleWritten WHERE type LIKE '%BloodPressure%' ORDER BY seq"
            )
            .map { ($0["identity"] as String).lowercased() }
        }
        #expect(named.count == 2)
        for (index, members) in named.enumerated() {
            #expect(
                members.contains(identities[2 * index]) && members.contains(identities[2 * index + 1]), "\(members)")
        }

        // A sample that reaches the writer as an item of its own goes through the same member path.
        var batch = HealthImportBatch()
        let alone = Self.sample(
            "HKQuantityTypeIdentifierHeartRate", Self.device(cuff, address: "ff"), unit: "count/min",
            start: 1_700_090_000,
            value: "70")
        batch.append(.sample(alone))
        var batches = [batch][...]
        let single = try store.importHealth(
            file: "export.zip", homeZone: "Europe/Berlin", importedDate: Date(timeIntervalSince1970: 1_800_000_000)
        ) {
            batches.popFirst()
        }
        #expect(single.samples.added == 1)
        #expect(try Self.written(store, "WHERE firstImport = 2") == [Written(alone)])
        #expect(try Self.count(store, "SELECT count(*) FROM healthText WHERE text LIKE '<<HKDevice:%'") == 1)
    }

    @Test("more distinct texts than the reader numbers before starting afresh: every sample still reads back exactly")
    func numberingRestartInAnImport() throws {
        let store = try CareStore.inMemory()
        // Each sample brings a new source version and a new device template: 2 new texts a sample, so the reader's
        // numbering passes its limit and restarts several times, mid-import, at batch boundaries.
        let samples = (0..<5_000).map { index in
            Self.sample(
                "HKQuantityTypeIdentifierStepCount",
                HealthSource(
                    name: index.isMultiple(of: 2) ? "Ann’s Apple Watch" : "Ann’s iPhone", version: "build \(index)",
                    device: "<<HKDevice: 0x\(String(index + 1, radix: 16))>, name:Device \(index), model:Watch>"),
                unit: "count", start: 1_700_000_000 + Int64(index) * 60, value: String(index))
        }
        let report = try Self.importItems(samples.map { .sample($0) }, into: store, batchSize: 700)
        #expect(report.samples.added == samples.count)
        #expect(try Self.count(store, "SELECT count(*) FROM healthText") == 1 + 2 + 5_000 + 5_000 + 1)
        let written = try Self.written(store)
        #expect(written.count == samples.count)
        let wrong = zip(written, samples.map(Written.init)).filter { $0.0 != $0.1 }
        let firstWrong = wrong.first.map { "read \($0.0), written \($0.1)" } ?? ""
        #expect(wrong.count == 0, "samples read back wrong; the first: \(firstWrong)")
    }
}
