import CareModel
import Foundation
import Testing

@testable import CareStore

@Suite("Care store: idempotent ingest with sync identifier and version (issue 5)")
struct StoreIngestTests {
    /// A daily 08:00–09:00 task "t" from day 0.
    static func store(_ kind: StoreKind) throws -> CareStore {
        let store = try kind.make().store
        try store.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        return store
    }

    /// A result of task "t" that ended on `day` at `hour`.
    static func item(
        _ sync: String, day: Int = 1, hour: Double = 8.5, version: Int = 1, pain: Double = 3, task: String = "t"
    ) -> OutcomeIngest {
        let end = Fixture.day(day).addingTimeInterval(hour * 3600)
        return OutcomeIngest(
            taskID: task, day: DateInterval(start: Fixture.day(day), end: Fixture.day(day + 1)), runEndDate: end,
            values: [Fixture.value(pain, kind: "pain")], syncID: sync, syncVersion: version, createdDate: end)
    }

    @Test("the same result twice: added, then unchanged; one live outcome", arguments: StoreKind.allCases)
    func sameTwice(_ kind: StoreKind) throws {
        let store = try Self.store(kind)
        let first = try store.ingest(Self.item("A"))
        #expect(first.disposition == .added)
        #expect(first.occurrence == 1)
        let second = try store.ingest(Self.item("A"))
        #expect(second.disposition == .unchanged)
        #expect(second.outcomeUUID == first.outcomeUUID)
        let live = try store.outcomes(taskID: "t")
        #expect(live.map(\.uuid) == [first.outcomeUUID])
        #expect(live.first?.syncID == "A")
        #expect(live.first?.syncVersion == 1)
    }

    @Test("a higher version replaces (same outcome id), a lower one is ignored", arguments: StoreKind.allCases)
    func versions(_ kind: StoreKind) throws {
        let store = try Self.store(kind)
        let first = try store.ingest(Self.item("A", pain: 3))
        let second = try store.ingest(Self.item("A", version: 3, pain: 5))
        #expect(second.disposition == .replaced(previousVersion: 1))
        let older = try store.ingest(Self.item("A", version: 2, pain: 9))
        #expect(older.disposition == .olderVersion(stored: 3, offered: 2))
        #expect(older.outcomeUUID == second.outcomeUUID)
        let live = try store.outcomes(taskID: "t")
        #expect(live.count == 1)
        #expect(live.first?.values.first?.value == .double(5))
        #expect(live.first?.syncVersion == 3)
        #expect(try store.outcome(uuid: first.outcomeUUID) == nil)
        let ids = try store.changes().changes.map(\.outcome.id)
        #expect(ids.count == 2 && Set(ids).count == 1, "the higher version keeps the outcome id")
        #expect(try store.supersededOutcomes().isEmpty)
    }

    @Test(
        "two runs on one event: the one that ended later holds it, the other is kept as superseded, in any order",
        arguments: StoreKind.allCases, [false, true])
    func contention(_ kind: StoreKind, laterFirst: Bool) throws {
        let store = try Self.store(kind)
        let early = Self.item("early", hour: 8.2, pain: 1)
        let late = Self.item("late", hour: 10, pain: 2)
        let reports =
            laterFirst
            ? [try store.ingest(late), try store.ingest(early)] : [try store.ingest(early), try store.ingest(late)]
        #expect(reports.map(\.disposition) == [.added, .added])
        #expect(reports[0].superseded == nil)
        let loser = try #require(reports[1].superseded)
        #expect(loser.syncID == "early")
        #expect(loser.isIngested == laterFirst)
        let live = try store.outcomes(taskID: "t")
        #expect(live.map(\.syncID) == ["late"])
        let superseded = try store.supersededOutcomes(taskID: "t")
        #expect(superseded.map(\.syncID) == ["early"])
        #expect(superseded.first?.endReason == .superseded)
        #expect(superseded.first?.values.first?.value == .double(1))
        // Ingesting either again changes nothing.
        #expect(try store.ingest(early).disposition == .unchanged)
        #expect(try store.ingest(late).disposition == .unchanged)
        #expect(try store.outcomes(taskID: "t").map(\.syncID) == ["late"])
    }

    @Test("a batch keeps going past bad items and stores nothing for them", arguments: StoreKind.allCases)
    func batch(_ kind: StoreKind) throws {
        let store = try Self.store(kind)
        let results = try store.ingest([
            Self.item("A", day: 1), Self.item("B", task: "missing"), Self.item("C", day: -3), Self.item("D", day: 2),
        ])
        #expect(results.count == 4)
        #expect((try? results[0].get())?.disposition == .added)
        #expect(throws: CareStoreError.taskNotFound(id: "missing")) { try results[1].get() }
        #expect(throws: CareStoreError.noEventOnDay(taskID: "t", dayStart: Fixture.day(-3))) { try results[2].get() }
        #expect((try? results[3].get())?.occurrence == 2)
        #expect(Set(try store.outcomes().compactMap(\.syncID)) == ["A", "D"])
    }

    @Test(
        "outcomes added by addOutcome take part: the run UUID is their sync identifier", arguments: StoreKind.allCases)
    func addOutcomeSync(_ kind: StoreKind) throws {
        let store = try Self.store(kind)
        let run = UUID()
        let task = try #require(try store.task(id: "t"))
        let added = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 1, values: [], taskRunUUID: run, createdDate: Fixture.day(1, hour: 8))
        #expect(added.syncID == run.uuidString)
        let again = try store.ingest(Self.item(run.uuidString))
        #expect(again.disposition == .unchanged)
        #expect(again.outcomeUUID == added.uuid)
    }

    @Test(
        "one batch holding two versions of one result and a rival run decides as if they came one by one",
        arguments: StoreKind.allCases)
    func batchState(_ kind: StoreKind) throws {
        let store = try Self.store(kind)
        let results = try store.ingest([
            Self.item("A", hour: 8.5, pain: 1), Self.item("B", hour: 9, pain: 2),
            Self.item("A", hour: 9.5, version: 2, pain: 3),
            Self.item("A", hour: 9.5, version: 2, pain: 3),
        ]).map { try $0.get() }
        #expect(results.map(\.disposition) == [.added, .added, .replaced(previousVersion: 1), .unchanged])
        #expect(results[1].superseded?.syncID == "A")
        #expect(results[2].superseded?.syncID == "B", "version 2 of A ended later than B and takes the event back")
        #expect(try store.outcomes(taskID: "t").map(\.syncID) == ["A"])
        #expect(try store.outcomes(taskID: "t").first?.values.first?.value == .double(3))
        // A's superseded version 1 was replaced, so only B is listed as superseded.
        #expect(try store.supersededOutcomes().map(\.syncID) == ["B"])
        let kinds = try store.changes().changes.map { "\($0.kind):\($0.outcome.syncID ?? "")" }
        #expect(kinds == ["added:A", "superseded:A", "added:B", "superseded:B", "replaced:A"])
    }
}
