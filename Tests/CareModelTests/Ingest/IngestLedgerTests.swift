import Foundation
import Testing

@testable import CareModel

/// The ingest rules decided without a database (docs/carekit-store.md): each decision's report and the writes it asks
/// a store to apply, in order, over a store held in memory.
@Suite("Ingest ledger: decisions and writes over an in-memory store")
struct IngestLedgerTests {
    typealias F = LedgerFixture

    @Test("a new sync id is added to the day's event: one insert with a fresh outcome id")
    func added() throws {
        var fixture = try F(items: [F.item("A", day: 2)])
        let (report, writes) = try fixture.ingest(F.item("A", day: 2))
        #expect(
            report
                == IngestReport(
                    disposition: .added, outcomeUUID: F.uuid(101), taskVersionUUID: F.taskUUID, occurrence: 2))
        #expect(writes.count == 1)
        let outcome = try #require(writes.first?.inserted)
        #expect(outcome.uuid == F.uuid(101) && outcome.id == F.uuid(101).uuidString)
        #expect(outcome.eventStart == F.day(2).addingTimeInterval(8 * 3600))
        #expect(outcome.syncID == "A" && outcome.syncVersion == 1 && outcome.deletedDate == nil)
        #expect(outcome.runEndDate == F.day(2).addingTimeInterval(8.5 * 3600))
    }

    @Test(
        "a result naming no sync id is identified by its run's UUID text: read, compared, hashed and decided as if it named that text"
    )
    func defaultSyncID() throws {
        let run = F.uuid(7)
        var unnamed = F.item("x", day: 2)
        unnamed.taskRunUUID = run
        unnamed.namedSyncID = nil
        #expect(unnamed.syncID == run.uuidString)
        var named = unnamed
        named.syncID = run.uuidString
        #expect(named.namedSyncID == run.uuidString)
        #expect(named == unnamed && named.hashValue == unnamed.hashValue)
        var other = unnamed
        other.syncID = "B"
        #expect(other != unnamed)
        // Stored under the run's text, so a later file naming that text is the same result.
        var fixture = try F(items: [unnamed, named])
        let first = try fixture.ingest(unnamed)
        #expect(first.report.disposition == .added)
        #expect(first.writes.first?.inserted?.syncID == run.uuidString)
        #expect(try fixture.ingest(named).report.disposition == .unchanged)
        // Without a run either, the identifier is empty, as a result with neither has nothing to be known by.
        var neither = unnamed
        neither.taskRunUUID = nil
        #expect(neither.syncID == "")
    }

    @Test("the same version is unchanged and a lower one ignored: the stored row is reported, nothing written")
    func unchangedAndOlder() throws {
        let stored = F.row(F.uuid(1), sync: "A", version: 3)
        var fixture = try F(items: [F.item("A", version: 3), F.item("A", version: 2)], rows: [stored])
        let same = try fixture.ingest(F.item("A", version: 3))
        #expect(
            same.report
                == IngestReport(
                    disposition: .unchanged, outcomeUUID: F.uuid(1), taskVersionUUID: F.taskUUID, occurrence: 1))
        #expect(same.writes.isEmpty)
        let older = try fixture.ingest(F.item("A", version: 2))
        #expect(older.report.disposition == .olderVersion(stored: 3, offered: 2))
        #expect(older.report.outcomeUUID == F.uuid(1))
        #expect(older.writes.isEmpty)
    }

    @Test("a higher version ends the live one as replaced and keeps its outcome id, whether stored or from this batch")
    func replaced() throws {
        var fixture = try F(items: [F.item("A"), F.item("B")], rows: [F.row(F.uuid(1), sync: "A")])
        let fromStore = try fixture.ingest(F.item("A", hour: 8.6, version: 2))
        #expect(fromStore.report.disposition == .replaced(previousVersion: 1))
        #expect(fromStore.report.superseded == nil)
        #expect(fromStore.writes.count == 2)
        #expect(
            fromStore.writes.first
                == .end(uuid: F.uuid(1), at: F.day(1).addingTimeInterval(8.6 * 3600), reason: .replaced))
        #expect(fromStore.writes.last?.inserted?.id == "id-A")
        // Within the batch: B added, then B v2 replaces the row just decided.
        _ = try fixture.ingest(F.item("B", day: 3))
        let inBatch = try fixture.ingest(F.item("B", day: 3, hour: 8.7, version: 2))
        #expect(inBatch.report.disposition == .replaced(previousVersion: 1))
        #expect(
            inBatch.writes.first
                == .end(uuid: F.uuid(102), at: F.day(3).addingTimeInterval(8.7 * 3600), reason: .replaced))
        #expect(inBatch.writes.last?.inserted?.id == F.uuid(102).uuidString)
        #expect(fixture.ledger.source.rows.filter { $0.deletedDate == nil }.map(\.uuid) == [F.uuid(101), F.uuid(103)])
    }

    @Test("a run that ended later takes a held event: the holder ends as superseded, the new one is live")
    func ingestedWins() throws {
        var fixture = try F(items: [F.item("A", hour: 8.75)], rows: [F.row(F.uuid(1), sync: "B", hour: 8.5)])
        let (report, writes) = try fixture.ingest(F.item("A", hour: 8.75))
        #expect(report.disposition == .added)
        #expect(report.superseded == SupersededOutcome(uuid: F.uuid(1), syncID: "B", isIngested: false))
        #expect(
            writes.first == .end(uuid: F.uuid(1), at: F.day(1).addingTimeInterval(8.75 * 3600), reason: .superseded))
        #expect(writes.count == 2 && writes.last?.inserted?.deletedDate == nil)
    }

    @Test("a run that ended earlier loses a held event: it is stored already ended as superseded, the holder stays")
    func storedWins() throws {
        var fixture = try F(items: [F.item("A", hour: 8.25)], rows: [F.row(F.uuid(1), sync: "B", hour: 8.5)])
        let (report, writes) = try fixture.ingest(F.item("A", hour: 8.25))
        #expect(report.superseded == SupersededOutcome(uuid: F.uuid(101), syncID: "A", isIngested: true))
        #expect(writes.count == 1)
        let outcome = try #require(writes.first?.inserted)
        #expect(outcome.endReason == .superseded && outcome.deletedDate == F.day(1).addingTimeInterval(8.25 * 3600))
        // The holder still holds: a third run ending between the two loses to it too.
        let third = try fixture.ingest(F.item("C", hour: 8.4))
        #expect(third.report.superseded?.isIngested == true)
    }

    @Test("equal run ends: the greater sync id holds the event", arguments: [("C", false), ("A", true)])
    func tieBySyncID(_ sync: String, ingestedLoses: Bool) throws {
        var fixture = try F(items: [F.item(sync)], rows: [F.row(F.uuid(1), sync: "B", hour: 8.5)])
        let (report, writes) = try fixture.ingest(F.item(sync, hour: 8.5))
        #expect(report.superseded?.isIngested == ingestedLoses)
        #expect(report.superseded?.uuid == (ingestedLoses ? F.uuid(101) : F.uuid(1)))
        #expect(
            writes.contains(.end(uuid: F.uuid(1), at: F.day(1).addingTimeInterval(8.5 * 3600), reason: .superseded))
                == !ingestedLoses)
    }

    @Test("a new version that loses its event ends the old version as superseded, not replaced")
    func replacedVersionLosesItsEvent() throws {
        // A v1 holds day 1; B holds day 2 and ended at 08:50; A v2 moves to day 2 but ended at 08:20.
        let rows = [F.row(F.uuid(1), sync: "A", day: 1), F.row(F.uuid(2), sync: "B", day: 2, hour: 50.0 / 60 + 8)]
        var fixture = try F(items: [F.item("A", day: 2, hour: 8 + 20.0 / 60, version: 2)], rows: rows)
        let (report, writes) = try fixture.ingest(F.item("A", day: 2, hour: 8 + 20.0 / 60, version: 2))
        #expect(report.disposition == .replaced(previousVersion: 1))
        #expect(report.superseded == SupersededOutcome(uuid: F.uuid(101), syncID: "A", isIngested: true))
        let at = F.day(2).addingTimeInterval((8 + 20.0 / 60) * 3600)
        #expect(writes.first == .end(uuid: F.uuid(1), at: at, reason: .superseded))
        #expect(writes.last?.inserted?.endReason == .superseded)
        #expect(writes.last?.inserted?.id == "id-A")
    }

    @Test("a new version of a superseded outcome marks the old row replaced (no longer listed as superseded)")
    func supersededThenReplaced() throws {
        let rows = [F.row(F.uuid(1), sync: "A", ended: .superseded), F.row(F.uuid(2), sync: "B", hour: 8.9)]
        var fixture = try F(items: [F.item("A", day: 3, version: 2)], rows: rows)
        let (report, writes) = try fixture.ingest(F.item("A", day: 3, version: 2))
        #expect(report.disposition == .replaced(previousVersion: 1))
        #expect(writes.count == 2 && writes.first == .markReplaced(uuid: F.uuid(1)))
        #expect(writes.last?.inserted?.occurrence == 3)
    }

    @Test("unknown task, deleted task, no event that day: refused, nothing written, nothing remembered")
    func refusals() throws {
        var tombstone = try F.task(id: "gone", uuid: F.uuid(9))
        tombstone.deletedDate = F.day(1)
        let tasks = [
            try F.task(), try F.task(id: "gone", uuid: F.uuid(8)), tombstone,
            try F.task(id: "later", from: 5, uuid: F.uuid(7)),
        ]
        let items = [F.item("A", task: "nope"), F.item("B", task: "gone"), F.item("C", day: 1, task: "later")]
        var fixture = try F(items: items, tasks: tasks)
        #expect(throws: IngestRefusal.taskNotFound(id: "nope")) { try fixture.ingest(items[0]) }
        #expect(throws: IngestRefusal.taskDeleted(id: "gone")) { try fixture.ingest(items[1]) }
        #expect(throws: IngestRefusal.noEventOnDay(taskID: "later", dayStart: F.day(1))) {
            try fixture.ingest(items[2])
        }
        #expect(fixture.ledger.source.rows.isEmpty)
        // The refused sync id was not remembered: on a day with an event it is added.
        let retried = try fixture.ingest(F.item("C", day: 6, task: "later"))
        #expect(retried.report.disposition == .added)
    }

    @Test("an item outside the preloaded days reads its event's holder then, and the contest uses it")
    func lazyHolder() throws {
        var fixture = try F(items: [F.item("A", day: 1)], rows: [F.row(F.uuid(1), sync: "B", day: 40, hour: 8.5)])
        #expect(fixture.ledger.source.liveReads.map { $0.occurrences } == [1...1])
        let (report, writes) = try fixture.ingest(F.item("A", day: 40, hour: 8.75))
        #expect(fixture.ledger.source.liveReads.map { $0.occurrences } == [1...1, 40...40])
        #expect(report.occurrence == 40)
        #expect(
            writes.first == .end(uuid: F.uuid(1), at: F.day(40).addingTimeInterval(8.75 * 3600), reason: .superseded))
    }
}
