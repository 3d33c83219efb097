import CareModel
import Foundation
import Testing

@testable import CareStore

/// A day's events in the store include the events that began before it and last into it (docs/schedules.md), for
/// reading and for ingest: a result recorded on such a day goes to that event, as `regimen run` stores it.
@Suite("Care store: events lasting into a day are that day's events, for reading and ingest")
struct StoreDayEventsTests {
    /// Task "long": a 30-hour event every other day at 20:00 from day -1 (day -1 20:00 → day 1 02:00, day 1 20:00 → …).
    private func store(_ kind: StoreKind) throws -> CareStore {
        let store = try kind.make().store
        let element = try ScheduleElement(
            start: Fixture.day(-1, hour: 20), interval: ScheduleInterval(day: 2), duration: .hours(30),
            calendar: Fixture.utc)
        try store.addTask(
            CareTask(id: "long", title: "Long", schedule: try Schedule(composing: [element])), now: Fixture.day(-1))
        return store
    }

    private func item(_ sync: String, day: Int, hour: Double) -> OutcomeIngest {
        let end = Fixture.day(day).addingTimeInterval(hour * 3600)
        return OutcomeIngest(
            taskID: "long", day: DateInterval(start: Fixture.day(day), end: Fixture.day(day + 1)), runEndDate: end,
            values: [Fixture.value(1, kind: "k")], syncID: sync, syncVersion: 1, createdDate: end)
    }

    @Test(
        "day 0 has no event starting in it but the 30-hour event from day -1: it is the day's event",
        arguments: StoreKind.allCases)
    func readingTheDay(_ kind: StoreKind) throws {
        let store = try store(kind)
        let events = try store.events(from: Fixture.day(0), to: Fixture.day(1))
        #expect(events.map(\.scheduleEvent.occurrence) == [0])
        #expect(events.first?.scheduleEvent.start == Fixture.day(-1, hour: 20))
    }

    @Test(
        "a result recorded on day 0 is stored on that event, alone and in a batch spanning days",
        arguments: StoreKind.allCases)
    func ingestOnTheDay(_ kind: StoreKind) throws {
        let store = try store(kind)
        let single = try store.ingest(item("A", day: 0, hour: 9))
        #expect(single.disposition == .added)
        #expect(single.occurrence == 0)
        let batch = try store.ingest([
            item("B", day: 1, hour: 21), item("C", day: 2, hour: 1), item("D", day: -3, hour: 9),
        ])
        #expect((try? batch[0].get())?.occurrence == 1)
        #expect((try? batch[1].get())?.occurrence == 1, "day 2 has no event starting in it; day 1's lasts into it")
        #expect(throws: CareStoreError.noEventOnDay(taskID: "long", dayStart: Fixture.day(-3))) { try batch[2].get() }
    }
}
