import Foundation
import TestSupport
import Testing

@testable import CareModel

/// Adherence counted from chains and their events (docs/carekit-store.md, "Adherence"), by hand over four days.
@Suite("Adherence calculator: a hand-made case")
struct AdherenceCalculatorTests {
    /// A task with events on the given daily hours from 2026-01-02 (day 1) to 2026-01-03 (day 2, exclusive end day 3).
    private func task(_ id: String, hours: [Int], counts: Bool = true) throws -> CareTask {
        let elements = try hours.map { hour in
            try ScheduleElement(
                start: Pinned.date("2026-01-02 \(hour):00"), end: Pinned.date("2026-01-04 00:00"), interval: .daily,
                duration: .hours(1), calendar: Pinned.utc)
        }
        return CareTask(id: id, title: id, impactsAdherence: counts, schedule: try Schedule(composing: elements))
    }

    @Test("no tasks before the schedules, then completed ÷ events per day; tasks that do not count are left out")
    func fourDays() throws {
        let twice = try task("twice", hours: [8, 20])
        let ignored = try task("ignored", hours: [9], counts: false)
        let start = Pinned.date("2026-01-01 00:00")
        let end = Pinned.date("2026-01-04 00:00")
        let calculator = AdherenceCalculator(
            chains: [VersionChain(versions: [twice]), VersionChain(versions: [ignored])], from: start, to: end,
            calendar: Pinned.utc)
        #expect(calculator.chains.map(\.tip?.id) == ["twice"])
        let pairs = ChainEvents(chains: calculator.chains, from: start, to: end).pairs
        #expect(pairs.map(\.event.occurrence) == [0, 1, 2, 3])
        // Day 1: the 08:00 event done, the 20:00 one not; day 2: both done.
        let done: Set<Int> = [0, 2, 3]
        let events = pairs.map { pair in
            Event(
                task: pair.task, scheduleEvent: pair.event,
                outcome: done.contains(pair.event.occurrence)
                    ? Outcome(
                        uuid: UUID(), id: "o", taskVersionUUID: pair.task.uuid, occurrence: pair.event.occurrence,
                        values: [],
                        createdDate: pair.event.start, eventStart: pair.event.start, eventEnd: pair.event.end)
                    : nil)
        }
        #expect(calculator.adherence(events: events) == [.noTasks, .progress(0.5), .progress(1), .noTasks])
        #expect(calculator.adherence(events: []) == [.noTasks, .noEvents, .noEvents, .noTasks])
    }
}
