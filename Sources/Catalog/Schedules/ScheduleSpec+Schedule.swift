package import CareModel
package import Foundation

extension ScheduleSpec {
    /// The care schedule (`CareModel.Schedule`) for a participant enrolled at `enrollment`: one element per spec
    /// element, in file order, each with `targetValues` (a Health-linked task's goal, docs/health-export.md, "Linked
    /// tasks").
    package func schedule(
        enrollment: Date, calendar: Calendar, targetValues: [OutcomeValue] = []
    ) throws(ScheduleError) -> Schedule {
        var elements: [ScheduleElement] = []
        for resolved in resolve(enrollment: enrollment, calendar: calendar) {
            let components = resolved.interval
            let interval = ScheduleInterval(
                second: components.second ?? 0, minute: components.minute ?? 0, hour: components.hour ?? 0,
                day: components.day ?? 0, weekOfYear: components.weekOfYear ?? 0, month: components.month ?? 0,
                year: components.year ?? 0
            )
            elements.append(
                try ScheduleElement(
                    start: resolved.start, end: resolved.end, interval: interval,
                    duration: resolved.isAllDay ? .allDay : .seconds(resolved.durationSeconds), text: resolved.text,
                    targetValues: targetValues, calendar: calendar
                ))
        }
        return try Schedule(composing: elements)
    }
}
