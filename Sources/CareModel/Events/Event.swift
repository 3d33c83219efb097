import Foundation

/// A scheduled event of one task version with its outcome, if any (`OCKEvent`, docs/carekit-store.md, "Events").
public struct Event: Sendable, Hashable, Identifiable {
    /// The task version that generated the event.
    public var task: CareTask
    /// The occurrence.
    public var scheduleEvent: ScheduleEvent
    /// The live outcome of this event, if any.
    public var outcome: Outcome?

    /// Creates an event.
    package init(task: CareTask, scheduleEvent: ScheduleEvent, outcome: Outcome?) {
        self.task = task
        self.scheduleEvent = scheduleEvent
        self.outcome = outcome
    }

    /// Durable identity: "<task version uuid>#<occurrence>" (docs/carekit-store.md, "Events").
    public var id: String { "\(task.uuid.uuidString)#\(scheduleEvent.occurrence)" }
}
