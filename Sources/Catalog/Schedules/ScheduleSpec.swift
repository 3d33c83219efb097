package import Foundation

/// When a task is due, relative to the participant's enrollment: one or more repeating elements
/// (CareKit's composed `OCKSchedule`, docs/schedules.md, "Composed schedules").
package struct ScheduleSpec: Sendable, Hashable {
    /// The elements, in file order.
    package var elements: [ScheduleElementSpec]

    /// Creates a schedule.
    package init(elements: [ScheduleElementSpec]) {
        self.elements = elements
    }

    /// Turns the relative elements into dated ones for a participant enrolled at `enrollment`.
    package func resolve(enrollment: Date, calendar: Calendar) -> [ResolvedScheduleElement] {
        elements.map { $0.resolve(enrollment: enrollment, calendar: calendar) }
    }
}
