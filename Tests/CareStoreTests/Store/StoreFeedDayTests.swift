import CareModel
import Foundation
import Testing

@testable import CareStore

/// `feedDay` reads the care feed's day in one transaction and counts the adherence from the events it fetched; what it
/// returns must be exactly what `events(from:to:)` and `adherence(from:to:calendar:)` return on their own.
@Suite("Care store: the care feed's day read at once equals its events and adherence read apart")
struct StoreFeedDayTests {
    /// Tasks "a" and "b" (count towards adherence: daily 08:00 from day -1, every other day 00:00 from day 0) and "c"
    /// (does not count); outcomes on a's day-0 event and c's day -1 event; a new version of "b" effective in the last
    /// second of day 1: in force at the end of the feed's day 1 (midnight), not at the end of its adherence (23:59:59).
    private func store(_ kind: StoreKind) throws -> CareStore {
        let store = try kind.make().store
        let a = try store.addTask(
            CareTask(id: "a", title: "A", schedule: try Fixture.daily(from: -1)), now: Fixture.day(-1))
        let b = try store.addTask(
            CareTask(id: "b", title: "B", schedule: try Fixture.daily(from: 0, hour: 0, every: 2)), now: Fixture.day(-1)
        )
        let c = try store.addTask(
            CareTask(id: "c", title: "C", impactsAdherence: false, schedule: try Fixture.daily(from: -1)),
            now: Fixture.day(-1))
        try store.addOutcome(taskVersion: c.uuid, occurrence: 0, values: [], createdDate: Fixture.day(-1, hour: 9))
        try store.addOutcome(
            taskVersion: a.uuid, occurrence: 1, values: [Fixture.value(1, kind: "k")],
            createdDate: Fixture.day(0, hour: 9))
        var next = b
        next.title = "B2"
        next.effectiveDate = Fixture.day(2).addingTimeInterval(-0.5)
        try store.updateTask(next, now: Fixture.day(0))
        return store
    }

    @Test(
        "days -2 to 2: the same events, adherence and done one-off tasks as the separate calls",
        arguments: StoreKind.allCases)
    func sameAsSeparateCalls(_ kind: StoreKind) throws {
        let store = try store(kind)
        for offset in -2...2 {
            let day = Fixture.day(offset)
            let next = Fixture.day(offset + 1)
            let last = next.addingTimeInterval(-1)
            let together = try store.feedDay(from: day, to: next, adherenceEnd: last, calendar: Fixture.utc)
            #expect(together.events == (try store.events(from: day, to: next)), "day \(offset)")
            #expect(
                together.adherence == (try store.adherence(from: day, to: last, calendar: Fixture.utc)), "day \(offset)"
            )
            // "c" (done on day -1) has events from day -1 on; "a" and "b" count towards adherence.
            let doneOneOffs = try ["c"].filter { try offset >= -1 && store.hasOutcome(taskID: $0) }
            #expect(together.doneOneOffs == doneOneOffs, "day \(offset)")
        }
        // The outcome counts: day 0 is half done (a done, b due).
        let dayZero = try store.feedDay(
            from: Fixture.day(0), to: Fixture.day(1), adherenceEnd: Fixture.day(1).addingTimeInterval(-1),
            calendar: Fixture.utc)
        #expect(dayZero.adherence == [.progress(0.5)])
    }

    @Test("an interval ending before it starts is an error, as for the separate calls", arguments: StoreKind.allCases)
    func invalidInterval(_ kind: StoreKind) throws {
        let store = try store(kind)
        #expect(throws: CareStoreError.invalidInterval(from: Fixture.day(1), to: Fixture.day(0))) {
            try store.feedDay(
                from: Fixture.day(1), to: Fixture.day(0), adherenceEnd: Fixture.day(2), calendar: Fixture.utc)
        }
    }
}
