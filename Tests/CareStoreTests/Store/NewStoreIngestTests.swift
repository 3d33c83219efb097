import Foundation
import GRDB
import Testing
import CareModel
@testable import CareStore

/// Ingest into a new store still filled under a hidden name (docs/store-file.md, "A new store is created whole",
/// "Filling a new store"): one transaction, ledger batches of 2,000, foreign keys checked once before it commits.
@Suite("Care store: a new, unpublished store takes an ingest in one transaction, exactly as an existing store would")
struct NewStoreIngestTests {
    private func newPath() -> (folder: String, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newstore-\(UUID().uuidString)").path
        return (folder, folder + "/care.sqlite")
    }

    /// 4,620 results: the mixed cases of `StoreIngestBatchTests.mixedItems` (new runs, repeats, higher and lower
    /// versions, two runs on one day in either order, unknown tasks) eleven times over, on 1,540 days, so that the
    /// new store's ledger batches of 2,000 meet results of one run in two batches.
    private static func items() -> [OutcomeIngest] {
        (0..<11).flatMap { round in
            StoreIngestBatchTests.mixedItems().map { item in
                var shifted = item
                let offset = Double(round * 140) * 86_400
                shifted.day = DateInterval(start: item.day.start.addingTimeInterval(offset), duration: item.day.duration)
                shifted.runEndDate = item.runEndDate.addingTimeInterval(offset)
                shifted.createdDate = item.createdDate.addingTimeInterval(offset)
                shifted.syncID = "\(round)-\(item.syncID)"
                return shifted
            }
        }
    }

    @Test("reports, change feed, live and superseded outcomes equal an existing store's; progress counts every item")
    func sameAsExistingStore() throws {
        let (folder, path) = newPath()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let items = Self.items()
        let staged = try CareStore(path: path, connection: .staged)
        #expect(staged.isUnpublished)
        try staged.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        let progress = ProgressCount()
        let stagedReports = try staged.ingest(items) { progress.add($0) }
        #expect(progress.total == items.count)
        #expect(progress.calls == 3, "one call per ledger batch of 2,000")
        let existing = try StoreIngestTests.store(.file)
        #expect(!existing.isUnpublished)
        let existingReports = try existing.ingest(items)
        let expected = try StoreIngestBatchTests.observed(existing, reports: existingReports)
        #expect(try StoreIngestBatchTests.observed(staged, reports: stagedReports) == expected)
        try staged.publish()
        let reopened = try CareStore(path: path, connection: .single)
        #expect(try StoreIngestBatchTests.observed(reopened, reports: stagedReports) == expected)
        let checks = try reopened.writer.read { db in
            (try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"), try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count)
        }
        #expect(checks.0 == true, "the store's connections enforce foreign keys after a new-store ingest")
        #expect(checks.1 == 0)
    }

    @Test("a second ingest into the still unpublished store, which now holds outcomes, goes the existing store's way")
    func secondIngestIntoUnpublishedStore() throws {
        let (folder, path) = newPath()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let staged = try CareStore(path: path, connection: .staged)
        try staged.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        _ = try staged.ingest([StoreIngestTests.item("A", day: 1)])
        let reports = try staged.ingest([StoreIngestTests.item("A", day: 1), StoreIngestTests.item("B", day: 2)])
        #expect(reports.map { try? $0.get().disposition } == [.unchanged, .added])
        let enforced = try staged.writer.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
        #expect(enforced == true)
    }

    @Test("the foreign-key check names the table and throws on a row whose parent is missing; nothing else fails it")
    func foreignKeyCheckFindsMissingParent() throws {
        let (folder, path) = newPath()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try CareStore(path: path, connection: .staged)
        try store.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        _ = try store.ingest([StoreIngestTests.item("A", day: 1)])
        try store.writer.writeWithoutTransaction { db in
            try CareStore.checkForeignKeys(of: ["outcome", "outcomeValue", "change"], db)
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            try db.inTransaction {
                try db.execute(
                    sql: """
                        INSERT INTO outcomeValue (outcomeUUID, ordinal, type, value, kind, units, createdDate)
                        VALUES ('no-such-outcome', 0, 'double', 1, 'pain', NULL, 0)
                        """)
                #expect {
                    try CareStore.checkForeignKeys(of: ["outcome", "outcomeValue", "change"], db)
                } throws: { error in
                    guard case .database(_, let reason) = error as? CareStoreError else { return false }
                    return reason.contains("outcomeValue") && reason.contains("outcome")
                }
                return .rollback
            }
        }
    }
}

/// Progress calls heard, from any thread.
private final class ProgressCount: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int] = []

    func add(_ count: Int) { lock.withLock { counts.append(count) } }
    var total: Int { lock.withLock { counts.reduce(0, +) } }
    var calls: Int { lock.withLock { counts.count } }
}
