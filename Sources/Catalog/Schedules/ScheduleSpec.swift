import Foundation

/// When a task is due, relative to the participant's enrollment: one or more repeating elements
/// (CareKit's composed `OCKSchedule`, docs/schedules.md, "Composed schedules").
public struct ScheduleSpec: Sendable, Hashable {
    /// The elements, in file order.
    public var elements: [ScheduleElementSpec]

    /// Creates a schedule.
    public init(elements: [ScheduleElementSpec]) {
        self.elements = elements
    }

    /// Turns the relative elements into dated ones for a participant enrolled at `enrollment`.
    public func resolve(enrollment: Date, calendar: Calendar) -> [ResolvedScheduleElement] {
        elements.map { $0.resolve(enrollment: enrollment, calendar: calendar) }
    }
}
