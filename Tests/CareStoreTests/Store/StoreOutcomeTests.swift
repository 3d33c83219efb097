import CareModel
import Foundation
import GRDB
import Testing

@testable import CareStore

@Suite("Care store: outcomes and their guards (docs/carekit-store.md, \"Outcomes\")")
struct StoreOutcomeTests {
    @Test(
        "one live outcome per event; deleting frees the slot; events carry their outcome", arguments: StoreKind.allCases
    )
    func onePerEvent(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let task = try store.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        let first = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 1, values: [Fixture.value(3, kind: "pain")],
            createdDate: Fixture.day(1, hour: 9))
        #expect(first.eventStart == Fixture.day(1, hour: 8))
        #expect(first.eventEnd == Fixture.day(1, hour: 9))
        #expect(throws: CareStoreError.outcomeExists(taskVersion: task.uuid, occurrence: 1)) {
            try store.addOutcome(
                taskVersion: task.uuid, occurrence: 1, values: [], createdDate: Fixture.day(1, hour: 10))
        }
        let events = try store.events(taskID: "t", from: Fixture.day(0), to: Fixture.day(3))
        #expect(events.map { $0.outcome?.uuid } == [nil, first.uuid, nil])
        try store.deleteOutcome(uuid: first.uuid, now: Fixture.day(1, hour: 11))
        #expect(try store.outcome(uuid: first.uuid) == nil)
        #expect(throws: CareStoreError.outcomeNotFound(uuid: first.uuid)) {
            try store.deleteOutcome(uuid: first.uuid, now: Fixture.day(2))
        }
        let second = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 1, values: [], createdDate: Fixture.day(1, hour: 12))
        #expect(
            try store.events(taskID: "t", from: Fixture.day(1), to: Fixture.day(2)).first?.outcome?.uuid == second.uuid)
    }

    @Test(
        "the partial UNIQUE index rejects a second live outcome even without the store's check",
        arguments: StoreKind.allCases)
    func uniqueIndex(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let task = try store.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        let outcome = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 0, values: [], createdDate: Fixture.today)
        var duplicate = outcome
        duplicate.uuid = UUID()
        #expect(throws: DatabaseError.self) { try store.writer.write { db in try OutcomeRecord.insert(duplicate, db) } }
        duplicate.deletedDate = Fixture.today
        try store.writer.write { db in try OutcomeRecord.insert(duplicate, db) }  // deleted rows do not count
    }

    @Test(
        "docs/carekit-store.md, \"Outcomes\" guards: unknown version, missing occurrence, shadowed region",
        arguments: StoreKind.allCases)
    func guards(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let unknown = UUID()
        #expect(throws: CareStoreError.taskVersionNotFound(uuid: unknown)) {
            try store.addOutcome(taskVersion: unknown, occurrence: 0, values: [], createdDate: Fixture.today)
        }
        let ending = try Schedule(composing: [
            ScheduleElement(
                start: Fixture.day(0, hour: 8), end: Fixture.day(3), interval: .daily, calendar: Fixture.utc)
        ])
        let v1 = try store.addTask(CareTask(id: "t", title: "V1", schedule: ending), now: Fixture.today)
        #expect(throws: CareStoreError.occurrenceNotFound(taskVersion: v1.uuid, occurrence: 3)) {
            try store.addOutcome(taskVersion: v1.uuid, occurrence: 3, values: [], createdDate: Fixture.today)
        }
        var v2 = v1
        v2.effectiveDate = Fixture.day(1)
        let stored = try store.updateTask(v2, now: Fixture.today)
        // testCannotAddOutcomeToCoveredRegionOfPreviousTaskVersion: occurrence 2 of V1 lies after V2's effective date.
        #expect(throws: CareStoreError.occurrenceShadowed(taskVersion: v1.uuid, occurrence: 2, byVersion: stored.uuid))
        {
            try store.addOutcome(taskVersion: v1.uuid, occurrence: 2, values: [], createdDate: Fixture.today)
        }
        // Occurrence 0 of V1 is before V2 takes effect.
        try store.addOutcome(taskVersion: v1.uuid, occurrence: 0, values: [], createdDate: Fixture.today)
    }

    @Test(
        "docs/carekit-store.md, \"Outcomes\" data-loss guard: testCannotUpdateTaskIfItResultsInImplicitDataLoss / testCanUpdateTaskWithOutcomesIfDoesNotCauseDataLoss",
        arguments: StoreKind.allCases)
    func dataLossGuard(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let schedule = try Fixture.daily()
        let task = try store.addTask(CareTask(id: "t", title: "T", schedule: schedule), now: Fixture.today)
        try store.addOutcome(taskVersion: task.uuid, occurrence: 5, values: [], createdDate: Fixture.day(5, hour: 9))
        #expect(
            throws: CareStoreError.dataLoss(
                taskID: "t", latestOutcomeEventStart: Fixture.day(5, hour: 8), proposedEffectiveDate: task.effectiveDate
            )
        ) {
            try store.updateTask(task, now: Fixture.day(6))
        }

        let other = try store.addTask(CareTask(id: "u", title: "U", schedule: schedule), now: Fixture.today)
        try store.addOutcome(taskVersion: other.uuid, occurrence: 0, values: [], createdDate: Fixture.day(0, hour: 9))
        var next = other
        next.effectiveDate = try #require(schedule.event(occurrence: 5)).start
        let updated = try store.updateTask(next, now: Fixture.day(1))
        #expect(updated.previousVersionUUID == other.uuid)
        #expect(updated.createdDate == Fixture.today)
        #expect(updated.updatedDate == Fixture.day(1))
    }

    @Test(
        "values keep their order and every type round-trips; replace keeps the outcome id",
        arguments: StoreKind.allCases)
    func valuesAndReplace(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let task = try store.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        let run = UUID()
        let values = [
            OutcomeValue(.text("z"), kind: "b", createdDate: Fixture.today),
            OutcomeValue(.double(7.25), kind: "a", units: "h", createdDate: Fixture.today.addingTimeInterval(0.5)),
            OutcomeValue(.integer(-3), kind: "c", createdDate: Fixture.today),
            OutcomeValue(.boolean(false), createdDate: Fixture.today),
            OutcomeValue(.binary(Data([0, 1, 255])), createdDate: Fixture.today),
            OutcomeValue(
                .date(Fixture.day(2, hour: 3).addingTimeInterval(0.125)), kind: "when", createdDate: Fixture.today),
            OutcomeValue(.double(5), kind: "a", createdDate: Fixture.today),
        ]
        let added = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 0, values: values, taskRunUUID: run, resultFile: "results/r1.json",
            createdDate: Fixture.day(0, hour: 9))
        let fetched = try #require(try store.outcome(uuid: added.uuid))
        #expect(fetched == added)
        #expect(fetched.values == values)
        #expect(try store.outcomes(taskRunUUID: run).map(\.uuid) == [added.uuid])

        let replacement = try store.replaceOutcome(
            uuid: added.uuid, values: [Fixture.value(1, kind: "a")], createdDate: Fixture.day(0, hour: 10))
        #expect(replacement.id == added.id)
        #expect(replacement.uuid != added.uuid)
        #expect(try store.outcome(uuid: added.uuid) == nil)
        #expect(try store.outcomes(taskID: "t").map(\.uuid) == [replacement.uuid])
        #expect(throws: CareStoreError.outcomeNotFound(uuid: added.uuid)) {
            try store.replaceOutcome(uuid: added.uuid, values: [], createdDate: Fixture.day(0, hour: 11))
        }
    }

    @Test(
        "outcomes(taskID:kind:from:to:) filters by task, kind and event overlap; newest first",
        arguments: StoreKind.allCases)
    func outcomeQueries(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let t = try store.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        let u = try store.addTask(
            CareTask(id: "u", title: "U", schedule: try Fixture.daily(allDay: true)), now: Fixture.today)
        let a = try store.addOutcome(
            taskVersion: t.uuid, occurrence: 0, values: [Fixture.value(1, kind: "pain")],
            createdDate: Fixture.day(0, hour: 9))
        let b = try store.addOutcome(
            taskVersion: t.uuid, occurrence: 2, values: [Fixture.value(2, kind: "sleep")],
            createdDate: Fixture.day(2, hour: 9))
        let c = try store.addOutcome(
            taskVersion: u.uuid, occurrence: 1, values: [Fixture.value(3, kind: "pain")],
            createdDate: Fixture.day(1, hour: 9))
        #expect(try store.outcomes().map(\.uuid) == [b.uuid, c.uuid, a.uuid])
        #expect(try store.outcomes(taskID: "t").map(\.uuid) == [b.uuid, a.uuid])
        #expect(try store.outcomes(kind: "pain").map(\.uuid) == [c.uuid, a.uuid])
        #expect(try store.outcomes(from: Fixture.day(1), to: Fixture.day(2)).map(\.uuid) == [c.uuid])
        // An event ending exactly at the query start still overlaps (end ≥ start).
        #expect(try store.outcomes(from: Fixture.day(0, hour: 9), to: Fixture.day(0, hour: 10)).map(\.uuid) == [a.uuid])
        #expect(throws: CareStoreError.invalidInterval(from: Fixture.day(2), to: Fixture.day(1))) {
            try store.outcomes(from: Fixture.day(2), to: Fixture.day(1))
        }
    }

    @Test("hasOutcome is true only while the task has a live outcome", arguments: StoreKind.allCases)
    func hasOutcome(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let task = try store.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        #expect(try store.hasOutcome(taskID: "t") == false)
        let outcome = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 0, values: [], createdDate: Fixture.day(0, hour: 9))
        #expect(try store.hasOutcome(taskID: "t"))
        #expect(try store.hasOutcome(taskID: "other") == false)
        try store.deleteOutcome(uuid: outcome.uuid, now: Fixture.day(0, hour: 10))
        #expect(try store.hasOutcome(taskID: "t") == false)
    }

    /// Every outcome a cursor reads, in order.
    private static func drain(_ cursor: OutcomeCursor) throws(CareStoreError) -> [Outcome] {
        var outcomes: [Outcome] = []
        while let outcome = try cursor.next() { outcomes.append(outcome) }
        return outcomes
    }

    @Test(
        "docs/carekit-store.md, \"Reading outcomes in order\": a cursor reads the live outcomes the list does, values attached in order, oldest event first; two cursors of one read step together",
        arguments: StoreKind.allCases)
    func cursorReadsInEventOrder(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let t = try store.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        let u = try store.addTask(CareTask(id: "u", title: "U", schedule: try Fixture.daily()), now: Fixture.today)
        // Recorded out of event order, one without values, one replaced (its first version must not be read).
        try store.addOutcome(
            taskVersion: t.uuid, occurrence: 3,
            values: [Fixture.value(3, kind: "pain"), Fixture.value(30, kind: "sleep")],
            createdDate: Fixture.day(3, hour: 9))
        try store.addOutcome(taskVersion: u.uuid, occurrence: 1, values: [], createdDate: Fixture.day(1, hour: 9))
        let replaced = try store.addOutcome(
            taskVersion: t.uuid, occurrence: 1, values: [Fixture.value(1, kind: "pain")],
            createdDate: Fixture.day(1, hour: 9))
        try store.replaceOutcome(
            uuid: replaced.uuid, values: [Fixture.value(2, kind: "pain")], createdDate: Fixture.day(1, hour: 10))
        try store.addOutcome(
            taskVersion: t.uuid, occurrence: 2, values: [Fixture.value(5, kind: "sleep")],
            createdDate: Fixture.day(2, hour: 9))

        let (all, ofT, withPain, fromDay2, stepped) = try store.readingOutcomes { snapshot in
            Result { () throws(CareStoreError) in
                let first = try snapshot.outcomes(taskID: "t")
                let second = try snapshot.outcomes(taskID: "u")
                // Interleaved: one of each, then the rest.
                var stepped: [Outcome] = [try first.next(), try second.next()].compactMap { $0 }
                stepped += try Self.drain(first) + Self.drain(second)
                return (
                    try Self.drain(try snapshot.outcomes()), try Self.drain(try snapshot.outcomes(taskID: "t")),
                    try Self.drain(try snapshot.outcomes(kind: "pain")),
                    try Self.drain(try snapshot.outcomes(from: Fixture.day(2), to: Fixture.day(4))), stepped
                )
            }
        }.get()
        let byEvent = { (outcomes: [Outcome]) in
            outcomes.sorted { ($0.eventStart, $0.createdDate) < ($1.eventStart, $1.createdDate) }
        }
        #expect(all == byEvent(try store.outcomes()))
        #expect(
            all.map(\.eventStart) == [
                Fixture.day(1, hour: 8), Fixture.day(1, hour: 8), Fixture.day(2, hour: 8), Fixture.day(3, hour: 8),
            ])
        #expect(all.first { $0.taskVersionUUID == u.uuid }?.values == [])
        #expect(all.last?.values.map(\.kind) == ["pain", "sleep"])
        #expect(!all.contains { $0.uuid == replaced.uuid })
        #expect(ofT == byEvent(try store.outcomes(taskID: "t")))
        #expect(withPain == byEvent(try store.outcomes(kind: "pain")))
        #expect(fromDay2 == byEvent(try store.outcomes(from: Fixture.day(2), to: Fixture.day(4))))
        #expect(stepped.map(\.occurrence) == [1, 1, 2, 3])
        #expect(throws: CareStoreError.invalidInterval(from: Fixture.day(4), to: Fixture.day(2))) {
            try store.readingOutcomes { snapshot in
                Result { () throws(CareStoreError) in try snapshot.outcomes(from: Fixture.day(4), to: Fixture.day(2)) }
            }.get()
        }
    }
}
