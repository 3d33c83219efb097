import CareModel
import Foundation
import GRDB
import SystemPackage
import TestSupport
import Testing

@testable import CareStore

@Suite("Care store: ingest batches (multi-row writes) decide and record exactly as one item at a time (issue 5)")
struct StoreIngestBatchTests {
    /// What a store shows after an ingest, without the row UUIDs (which differ between stores): each report, the change
    /// feed and the live and superseded outcomes, by sync identifier.
    static func observed(_ store: CareStore, reports: [Result<IngestReport, CareStoreError>]) throws -> [String] {
        let reportLines = reports.map { result in
            switch result {
            case .success(let report):
                "report \(report.disposition) occurrence \(report.occurrence) superseded \(report.superseded.map { "\($0.syncID ?? "-") \($0.isIngested)" } ?? "none")"
            case .failure(let error):
                "failure \(error)"
            }
        }
        let feed = try store.changes().changes.map { change in
            "change \(change.sequence) \(change.kind) \(change.outcome.syncID ?? "-") v\(change.outcome.syncVersion)"
        }
        let live = try store.outcomes(taskID: "t").sorted { $0.occurrence < $1.occurrence }.map { outcome in
            "live \(outcome.occurrence) \(outcome.syncID ?? "-") v\(outcome.syncVersion) \(outcome.values.map(\.value))"
        }
        let superseded = try store.supersededOutcomes(taskID: "t").map {
            "superseded \($0.occurrence) \($0.syncID ?? "-")"
        }
        return reportLines + feed + live + superseded
    }

    /// 420 results (more than three statements' worth of queued rows) mixing every case: new runs, the same run again,
    /// higher and lower versions, two runs on one day in either order, and unknown tasks, spread through the batch.
    static func mixedItems() -> [OutcomeIngest] {
        var items: [OutcomeIngest] = []
        for index in 0..<420 {
            let day = 1 + index / 3
            switch index % 7 {
            case 0: items.append(StoreIngestTests.item("run-\(index)", day: day, hour: 8.5, pain: Double(index % 10)))
            case 1:
                // again
                items.append(StoreIngestTests.item("run-\(index - 1)", day: day, hour: 8.5, pain: Double(index % 10)))
            // replaces
            case 2: items.append(StoreIngestTests.item("run-\(index - 2)", day: day, hour: 8.5, version: 2, pain: 9))
            // later run, same day as a neighbor
            case 3: items.append(StoreIngestTests.item("run-\(index)", day: day, hour: 9.5))
            case 4: items.append(StoreIngestTests.item("run-\(index)", day: day, hour: 8.1))  // earlier run on that day
            case 5: items.append(StoreIngestTests.item("run-\(index)", day: day, task: "unknown"))  // rejected
            // older version
            default: items.append(StoreIngestTests.item("run-\(index - 6)", day: day, version: 1, pain: 1))
            }
        }
        return items
    }

    @Test(
        "one batch of 420 mixed results ends like 420 single ingests: reports, feed order, live and superseded outcomes",
        arguments: StoreKind.allCases)
    func batchEqualsSingles(_ kind: StoreKind) throws {
        let items = Self.mixedItems()
        let batched = try StoreIngestTests.store(kind)
        let batchReports = try batched.ingest(items)
        let single = try StoreIngestTests.store(kind)
        let singleReports = items.map { item in Result { () throws(CareStoreError) in try single.ingest(item) } }
        let batchView = try Self.observed(batched, reports: batchReports)
        #expect(batchView == (try Self.observed(single, reports: singleReports)))
        // The mix really covers every case.
        let dispositions = batchReports.compactMap { try? $0.get().disposition }
        #expect(dispositions.contains(.added) && dispositions.contains(.unchanged))
        #expect(dispositions.contains(.replaced(previousVersion: 1)))
        #expect(dispositions.contains(.olderVersion(stored: 2, offered: 1)))
        #expect(batchReports.contains { (try? $0.get().superseded) != nil })
        #expect(batchReports.filter { if case .failure = $0 { true } else { false } }.count == 60)
    }

    @Test(
        "the mixed results given as slices of one array, batch after batch, end as the whole array in one batch",
        arguments: StoreKind.allCases)
    func slicesEqualWhole(_ kind: StoreKind) throws {
        let items = Self.mixedItems()
        let sliced = try StoreIngestTests.store(kind)
        var sliceReports: [Result<IngestReport, CareStoreError>] = []
        for start in stride(from: 0, to: items.count, by: 100) {
            // Slices that start inside the array, as `regimen ingest` hands its batches over.
            sliceReports += try sliced.ingest(items[start..<min(items.count, start + 100)])
        }
        let whole = try StoreIngestTests.store(kind)
        let wholeReports = try whole.ingest(items)
        #expect(sliceReports.count == items.count)
        #expect(try Self.observed(sliced, reports: sliceReports) == (try Self.observed(whole, reports: wholeReports)))
    }

    @Test("a rejected result inside a batch writes nothing and costs the others nothing", arguments: StoreKind.allCases)
    func rejectedInside(_ kind: StoreKind) throws {
        let store = try StoreIngestTests.store(kind)
        var items = (1...300).map { StoreIngestTests.item("run-\($0)", day: $0) }
        items.insert(StoreIngestTests.item("bad", day: 150, task: "unknown"), at: 150)
        let reports = try store.ingest(items)
        #expect(reports.count == 301)
        guard case .failure(.taskNotFound(let id)) = reports[150] else {
            Issue.record("the unknown task's result is rejected: \(reports[150])")
            return
        }
        #expect(id == "unknown")
        #expect(reports.enumerated().allSatisfy { $0.offset == 150 || (try? $0.element.get().disposition) == .added })
        let feed = try store.changes().changes
        #expect(feed.map(\.outcome.syncID) == (1...300).map { "run-\($0)" }, "every other result, in order, once")
        #expect(try store.outcomes(taskID: "t").count == 300)
    }

    @Test(
        "a database failure in a write queued mid-batch rolls the whole batch back, and the store ingests again after",
        arguments: StoreKind.allCases)
    func failedWriteRollsBack(_ kind: StoreKind) throws {
        let store = try StoreIngestTests.store(kind)
        _ = try store.ingest(StoreIngestTests.item("before", day: 1))
        // One result's row fails inside SQLite, in the third INSERT statement of the batch, after two statements' rows
        // were written and while the deciding thread is ahead (run-2 is the batch's first row).
        let refused = 2 * OutcomeRowBuffer.outcomesPerStatement + 90
        try store.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse_run_600 BEFORE INSERT ON outcome WHEN NEW.syncID = 'run-\(refused)'
                    BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                    """)
        }
        let items = (2...900).map { StoreIngestTests.item("run-\($0)", day: $0) }
        #expect(throws: CareStoreError.self) { try store.ingest(items) }
        #expect(try store.changes().changes.map(\.outcome.syncID) == ["before"], "nothing of the failed batch is kept")
        try store.writer.write { db in try db.execute(sql: "DROP TRIGGER refuse_run_600") }
        let reports = try store.ingest(items)
        #expect(reports.allSatisfy { (try? $0.get().disposition) == .added })
        #expect(try store.outcomes(taskID: "t").count == 900)
    }

    @Test(
        "the same run twice in one batch: stored once, then unchanged; a higher version later in the batch replaces it",
        arguments: StoreKind.allCases)
    func duplicateInBatch(_ kind: StoreKind) throws {
        let store = try StoreIngestTests.store(kind)
        let items = [
            StoreIngestTests.item("A", day: 1, pain: 3), StoreIngestTests.item("B", day: 2),
            StoreIngestTests.item("A", day: 1, pain: 3),
            StoreIngestTests.item("A", day: 1, version: 2, pain: 7),
            StoreIngestTests.item("A", day: 1, version: 2, pain: 7),
        ]
        let dispositions = try store.ingest(items).map { try $0.get().disposition }
        #expect(dispositions == [.added, .added, .unchanged, .replaced(previousVersion: 1), .unchanged])
        let feed = try store.changes().changes
        #expect(feed.map(\.kind) == [.added, .added, .replaced])
        #expect(feed.map(\.outcome.syncID) == ["A", "B", "A"])
        let live = try store.outcomes(taskID: "t").sorted { $0.occurrence < $1.occurrence }
        #expect(live.map(\.syncID) == ["A", "B"])
        #expect(live.first?.values.first?.value == .double(7))
        #expect(live.first?.syncVersion == 2)
    }

    @Test(
        "each new outcome's row UUID is a version 7 UUID of its created date, so rows stored in time order have keys in that order (docs/carekit-store.md, \"Row identifiers\")",
        arguments: StoreKind.allCases)
    func rowUUIDsFollowCreatedDates(_ kind: StoreKind) throws {
        let store = try StoreIngestTests.store(kind)
        // More than two statements' rows, so the batch is decided on its own thread; in order of run end, as
        // `regimen ingest` gives them.
        let items = (0..<600).map { StoreIngestTests.item("run-\($0)", day: 1 + $0, hour: 8.25) }
        #expect(try store.ingest(items).allSatisfy { (try? $0.get()) != nil })
        let stored = try store.changes().changes.map(\.outcome)  // in the order they were stored
        #expect(stored.count == 600)
        for outcome in stored {
            let bytes = outcome.uuid.uuid
            #expect(bytes.6 >> 4 == 7 && bytes.8 >> 6 == 0b10)
            let milliseconds = [bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5].reduce(UInt64(0)) {
                $0 << 8 | UInt64($1)
            }
            #expect(milliseconds == UInt64(outcome.createdDate.timeIntervalSince1970 * 1000))
        }
        #expect(stored.map(\.uuid.uuidString) == stored.map(\.uuid.uuidString).sorted())
        // A single outcome recorded by a run gets one too.
        let version = try #require(try store.task(id: "t")).uuid
        let single = try store.addOutcome(
            taskVersion: version, occurrence: 700, values: [], createdDate: Fixture.day(701))
        #expect(single.uuid.uuid.6 >> 4 == 7)
    }

    @Test(
        "long text answers are written before a statement's worth of rows gathers, and stored whole",
        arguments: StoreKind.allCases)
    func longTextsWrittenEarly(_ kind: StoreKind) throws {
        let store = try StoreIngestTests.store(kind)
        // Texts long enough that about half a statement's outcomes pass `bytesPerWrite` (just under 128 KiB each, so
        // that the bound is not an exact multiple and the rows' other texts do not decide where it falls), and more
        // results than a statement's rows, decided on their own thread: the rows go out in parts of at most that bound.
        let textBytes = OutcomeRowBuffer.bytesPerWrite / (OutcomeRowBuffer.outcomesPerStatement / 2) - 1_000
        let count = OutcomeRowBuffer.outcomesPerStatement + 32
        let items = (0..<count).map { index in
            var item = StoreIngestTests.item("long-\(index)", day: 1 + index)
            let text =
                String(repeating: Character(UnicodeScalar(UInt8(65 + index % 26))), count: textBytes) + "\(index)"
            item.values = [OutcomeValue(.text(text), kind: "notes", createdDate: item.createdDate)]
            return item
        }
        // The queue asks to be written once its texts pass the bound, long before a statement's outcomes.
        var buffer = OutcomeRowBuffer(writingTriggerRows: false)
        var queued = 1
        while !buffer.append(
            Outcome(
                id: "x", taskVersionUUID: UUID(), occurrence: queued, values: items[0].values,
                createdDate: items[0].createdDate,
                eventStart: items[0].createdDate, eventEnd: items[0].createdDate))
        {
            queued += 1
        }
        #expect(queued == OutcomeRowBuffer.bytesPerWrite / textBytes + 1)
        #expect(queued < OutcomeRowBuffer.outcomesPerStatement)
        #expect(try store.ingest(items).allSatisfy { (try? $0.get()) != nil })
        let stored = try store.outcomes(taskID: "t").sorted { $0.occurrence < $1.occurrence }
        #expect(stored.count == count)
        #expect(stored.map { $0.values.first?.value } == items.map { $0.values.first?.value })
    }

    @Test(
        "an ingest's page cache: 4 MiB in a store with a write-ahead log; in a new store filled unseen, 160 bytes an outcome the store will hold, from 1 MiB up to 4 MiB (docs/performance.md, \"The page cache of an ingest\")"
    )
    func pageCacheOfAnIngest() throws {
        #expect(IngestBatch.cacheKiB(outcomes: 0, writeAheadLog: false) == 1_024)
        #expect(IngestBatch.cacheKiB(outcomes: 10_000, writeAheadLog: false) == 1_562)
        #expect(IngestBatch.cacheKiB(outcomes: 40_000, writeAheadLog: false) == 4_096)
        #expect(IngestBatch.cacheKiB(outcomes: 0, writeAheadLog: true) == 4_096)
        #expect(IngestBatch.cacheKiB(outcomes: 40_000, writeAheadLog: true) == 4_096)
        let folder = TemporaryFolders.path("ingest-cache").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let staged = try CareStore(path: FilePath(folder + "/new.sqlite"), connection: .staged)
        try staged.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        let logged = try CareStore(path: FilePath(folder + "/old.sqlite"))
        try logged.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        // The cache an ingest transaction ran with stays set on the writing connection after it.
        func cacheKiB(_ store: CareStore) throws -> Int {
            -(try store.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0 })
        }
        let first = (0..<300).map { StoreIngestTests.item("run-\($0)", day: 1 + $0) }
        let second = (300..<7_000).map { StoreIngestTests.item("run-\($0)", day: 1 + $0) }
        for store in [staged, logged] {
            #expect(try store.ingest(first).allSatisfy { (try? $0.get()) != nil })
        }
        #expect(try cacheKiB(staged) == 1_024)
        #expect(try cacheKiB(logged) == 4_096)
        // 7,000 outcomes once the second batch (6,700) is in: 7,000 × 160 B = 1,093 KiB.
        #expect(try staged.ingest(second).allSatisfy { (try? $0.get()) != nil })
        #expect(try cacheKiB(staged) == 1_093)
    }
}
