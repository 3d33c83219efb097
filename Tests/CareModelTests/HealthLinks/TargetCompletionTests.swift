import Foundation
import TestSupport
import Testing

@testable import CareModel

/// Completion with target values (CareKit's `compareTargetValues`; docs/health-export.md, "Linked tasks"):
/// `Event.isCompleted` and the adherence that counts it.
@Suite("Target values: completion and adherence")
struct TargetCompletionTests {
    static let created = Pinned.date("2026-01-01 00:00")

    /// A daily all-day task from 2026-01-02 to 2026-01-04 (exclusive) with `targets`.
    static func task(_ targets: [OutcomeValue]) throws -> CareTask {
        let element = try ScheduleElement(
            start: Pinned.date("2026-01-02 00:00"), end: Pinned.date("2026-01-04 00:00"), interval: .daily,
            duration: .allDay, targetValues: targets, calendar: Pinned.utc)
        return CareTask(id: "steps", title: "Walk", schedule: try Schedule(composing: [element]))
    }

    static func steps(_ goal: Double) -> OutcomeValue {
        OutcomeValue(.double(goal), kind: "steps", units: "steps", createdDate: created)
    }

    /// The event of `task` at `occurrence` with an outcome holding `values` (no outcome when nil).
    static func event(_ task: CareTask, _ occurrence: Int, _ values: [OutcomeValue]?) -> Event {
        let scheduled = task.schedule.events(
            from: Pinned.date("2026-01-01 00:00"), to: Pinned.date("2026-01-05 00:00"))[occurrence]
        return Event(
            task: task, scheduleEvent: scheduled,
            outcome: values.map {
                Outcome(
                    id: "o\(occurrence)", taskVersionUUID: task.uuid, occurrence: occurrence, values: $0,
                    createdDate: created,
                    eventStart: scheduled.start, eventEnd: scheduled.end)
            })
    }

    @Test("without targets an outcome completes the event, as before — even an empty one")
    func withoutTargets() throws {
        let task = try Self.task([])
        #expect(Self.event(task, 0, []).isCompleted)
        #expect(!Self.event(task, 0, nil).isCompleted)
    }

    @Test(
        "with a target: a value of the same kind at or above it completes; below it, of another kind, or no outcome does not"
    )
    func numericTarget() throws {
        let task = try Self.task([Self.steps(8000)])
        #expect(Self.event(task, 0, []).targetValues == [Self.steps(8000)])
        #expect(Self.event(task, 0, [Self.steps(8000)]).isCompleted)
        #expect(
            Self.event(task, 0, [OutcomeValue(.integer(9000), kind: "steps", createdDate: Self.created)]).isCompleted,
            "integers and doubles compare as numbers")
        #expect(!Self.event(task, 0, [Self.steps(7999.5)]).isCompleted)
        #expect(
            !Self.event(task, 0, [OutcomeValue(.double(9000), kind: "distance", createdDate: Self.created)]).isCompleted
        )
        #expect(!Self.event(task, 0, nil).isCompleted)
    }

    @Test("every target must be met; a non-numeric target is met by an equal value")
    func severalTargets() throws {
        let done = OutcomeValue(.boolean(true), kind: "stretched", createdDate: Self.created)
        let task = try Self.task([Self.steps(8000), done])
        #expect(!Self.event(task, 0, [Self.steps(9000)]).isCompleted)
        #expect(Self.event(task, 0, [Self.steps(9000), done]).isCompleted)
        #expect(
            !Self.event(
                task, 0,
                [Self.steps(9000), OutcomeValue(.boolean(false), kind: "stretched", createdDate: Self.created)]
            ).isCompleted)
    }

    @Test("adherence counts an event with an outcome below its goal as not completed")
    func adherence() throws {
        let task = try Self.task([Self.steps(8000)])
        let calculator = AdherenceCalculator(
            chains: [VersionChain(versions: [task])], from: Pinned.date("2026-01-02 00:00"),
            to: Pinned.date("2026-01-04 00:00"),
            calendar: Pinned.utc)
        let events = [Self.event(task, 0, [Self.steps(5231)]), Self.event(task, 1, [Self.steps(8412)])]
        #expect(calculator.adherence(events: events) == [.progress(0), .progress(1), .noTasks])
    }
}
