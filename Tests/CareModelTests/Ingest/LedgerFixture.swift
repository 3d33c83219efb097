import Foundation
import TestSupport

@testable import CareModel

/// A daily 08:00–09:00 (UTC) task "t" from 2026-01-01 (day 0, occurrence 0), rows and items on it, and the ledger over
/// a `MemoryLedgerSource` with each decision's writes applied before the next, as a store applies them.
struct LedgerFixture {
    static let start = Pinned.date("2026-01-01 00:00")
    static let taskUUID = UUID(uuidString: "7A5C0000-0000-4000-8000-000000000001")!

    static func day(_ index: Int) -> Date { start.addingTimeInterval(Double(index) * 86_400) }

    static func task(id: String = "t", from day: Int = 0, uuid: UUID = LedgerFixture.taskUUID) throws -> CareTask {
        let element = try ScheduleElement(
            start: Self.day(day).addingTimeInterval(8 * 3600), interval: .daily, duration: .hours(1),
            calendar: Pinned.utc)
        return CareTask(id: id, title: "T", schedule: try Schedule(composing: [element]), uuid: uuid)
    }

    /// A UUID numbered `number` (readable in failures).
    static func uuid(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
    }

    /// A result of task `task` that ended on `day` at `hour` (its createdDate too).
    static func item(_ sync: String, day: Int = 1, hour: Double = 8.5, version: Int = 1, task: String = "t")
        -> OutcomeIngest
    {
        let end = Self.day(day).addingTimeInterval(hour * 3600)
        return OutcomeIngest(
            taskID: task, day: DateInterval(start: Self.day(day), end: Self.day(day + 1)), runEndDate: end,
            values: [OutcomeValue(.double(3), kind: "pain", createdDate: end)], syncID: sync, syncVersion: version,
            createdDate: end)
    }

    /// A stored row of task "t"'s event on `day` (occurrence `day`), as an earlier ingest of `item` would have left it.
    static func row(
        _ uuid: UUID, sync: String, day: Int = 1, hour: Double = 8.5, version: Int = 1, ended: OutcomeEndReason? = nil
    ) -> Outcome {
        let end = Self.day(day).addingTimeInterval(hour * 3600)
        var outcome = Outcome(
            uuid: uuid, id: "id-\(sync)", taskVersionUUID: taskUUID, occurrence: day, values: [], createdDate: end,
            eventStart: Self.day(day).addingTimeInterval(8 * 3600), eventEnd: Self.day(day).addingTimeInterval(9 * 3600)
        )
        outcome.syncID = sync
        outcome.syncVersion = version
        outcome.runEndDate = end
        if let ended {
            outcome.deletedDate = end.addingTimeInterval(60)
            outcome.endReason = ended
        }
        return outcome
    }

    var ledger: IngestLedger<MemoryLedgerSource>
    private var next = 100

    /// The ledger for `items` over a store holding `tasks` and `rows`.
    init(items: [OutcomeIngest], tasks: [CareTask]? = nil, rows: [Outcome] = []) throws {
        var source = MemoryLedgerSource()
        for task in try tasks ?? [Self.task()] { source.tasks[task.id, default: []].append(task) }
        source.rows = rows
        ledger = try IngestLedger(items: items[...], source: source)
    }

    /// Decides `item` with the next numbered UUID (101, 102, …) and applies its writes.
    mutating func ingest(_ item: OutcomeIngest) throws -> (report: IngestReport, writes: [IngestWrite]) {
        next += 1
        let decision = try ledger.ingest(item, newUUID: Self.uuid(next))
        ledger.source.apply(decision.writes)
        return decision
    }
}

extension IngestWrite {
    /// The inserted outcome, if this is an insert.
    var inserted: Outcome? {
        if case .insert(let outcome) = self { outcome } else { nil }
    }
}
