import Foundation
import RegimenFoundation
import TestSupport
import Testing

@testable import CareModel

/// Deriving a linked task's outcomes with a fake aggregator (docs/health-export.md, "Linked tasks").
@Suite("Health outcome derivation")
struct HealthOutcomeDerivationTests {
    /// Answers from a table keyed by the window's first night; records every question.
    final class FakeAggregator: HealthAggregating {
        var answers: [String: Double]
        var asked: [(HealthLink, HealthWindow)] = []
        init(_ answers: [String: Double]) { self.answers = answers }
        func value(for link: HealthLink, window: HealthWindow) -> Double? {
            asked.append((link, window))
            return window.nights.first.flatMap { answers[$0.text] }
        }
    }

    static let link = HealthLink(
        type: HealthLink.sleepAnalysisType, aggregate: .asleep, stages: SleepStage.allCases,
        kind: "sleep.measured.hours",
        units: "h", goal: 7)

    static func task() throws -> CareTask {
        let element = try ScheduleElement(
            start: Pinned.date("2026-07-01 00:00"), interval: .daily, duration: .allDay,
            targetValues: [link.targetValue(createdDate: Pinned.date("2026-07-01 00:00"))], calendar: Pinned.utc)
        return CareTask(id: "sleep.measured", title: "Sleep 7 hours", schedule: try Schedule(composing: [element]))
    }

    @Test("one value per event with data, of the link's kind and units, rounded to 3 decimals; no data, no outcome")
    func derive() throws {
        let task = try Self.task()
        let events = task.schedule.events(from: Pinned.date("2026-07-01 00:00"), to: Pinned.date("2026-07-04 00:00"))
        let aggregator = FakeAggregator(["2026-06-30": 6.4, "2026-07-02": 7.123456])
        let outcomes = HealthOutcomeDerivation.outcomes(
            link: Self.link, task: task, events: events, calendar: Pinned.utc, aggregator: aggregator)
        #expect(outcomes.map(\.occurrence) == [0, 2], "the night of 1 July has no data")
        #expect(outcomes.allSatisfy { $0.taskVersionUUID == task.uuid })
        #expect(outcomes.map(\.number) == [6.4, 7.123])
        #expect(outcomes.allSatisfy { $0.kind == "sleep.measured.hours" && $0.units == "h" })
        #expect(aggregator.asked.count == 3 && aggregator.asked.allSatisfy { $0.0 == Self.link })
        #expect(outcomes[1].window.interval.start == Pinned.date("2026-07-03 00:00"))
        let value = outcomes[0].value(createdDate: Pinned.date("2026-07-05 09:00"))
        #expect(
            value
                == OutcomeValue(
                    .double(6.4), kind: "sleep.measured.hours", units: "h", createdDate: Pinned.date("2026-07-05 09:00")
                ))
    }

    @Test("the store's events (with their task versions) derive the same outcomes as the version's schedule events")
    func fromEvents() throws {
        let task = try Self.task()
        let scheduled = task.schedule.events(from: Pinned.date("2026-07-01 00:00"), to: Pinned.date("2026-07-04 00:00"))
        let aggregator = FakeAggregator(["2026-06-30": 6.4, "2026-07-01": 8])
        let fromSchedule = HealthOutcomeDerivation.outcomes(
            link: Self.link, task: task, events: scheduled, calendar: Pinned.utc, aggregator: aggregator)
        let fromEvents = HealthOutcomeDerivation.outcomes(
            link: Self.link, events: scheduled.map { Event(task: task, scheduleEvent: $0, outcome: nil) },
            calendar: Pinned.utc,
            aggregator: aggregator)
        #expect(fromEvents == fromSchedule && fromEvents.map(\.number) == [6.4, 8])
    }

    @Test("deriving again gives the same outcomes, which the stored values already say; changed data does not")
    func deterministic() throws {
        let task = try Self.task()
        let events = task.schedule.events(from: Pinned.date("2026-07-01 00:00"), to: Pinned.date("2026-07-02 00:00"))
        let first = HealthOutcomeDerivation.outcomes(
            link: Self.link, task: task, events: events, calendar: Pinned.utc,
            aggregator: FakeAggregator(["2026-06-30": 6.4]))
        let again = HealthOutcomeDerivation.outcomes(
            link: Self.link, task: task, events: events, calendar: Pinned.utc,
            aggregator: FakeAggregator(["2026-06-30": 6.4]))
        #expect(first == again)
        let stored = [first[0].value(createdDate: Pinned.date("2026-07-02 09:00"))]
        #expect(again[0].isStored(in: stored))
        let changed = HealthOutcomeDerivation.outcomes(
            link: Self.link, task: task, events: events, calendar: Pinned.utc,
            aggregator: FakeAggregator(["2026-06-30": 6.9]))
        #expect(!changed[0].isStored(in: stored))
        #expect(!first[0].isStored(in: stored + stored), "two values are not the one derived")
    }
}
