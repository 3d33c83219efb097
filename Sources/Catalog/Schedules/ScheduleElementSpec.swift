package import CareModel
package import Foundation
package import ResearchTasks

/// One repeating element of a schedule (CareKit's `OCKScheduleElement`, docs/schedules.md, "Schedule elements"),
/// with its start and end anchored at enrollment.
package struct ScheduleElementSpec: Sendable, Hashable {
    /// When the first event starts (before `timeOfDay` is applied).
    package var start: ScheduleAnchor
    /// Exclusive limit on event starts; nil means forever.
    package var end: ScheduleAnchor?
    /// When set, the first event starts at this time on the start anchor's calendar day
    /// (CareKit's `dailyAtTime` / `weeklyAtTime`, docs/schedules.md, "Daily and weekly at a time").
    package var timeOfDay: TimeOfDay?
    /// Step between consecutive event starts, applied with the calendar.
    package var interval: DateComponents
    /// How long each event lasts.
    package var duration: ScheduleDuration
    /// A label such as "Task Due!".
    package var text: String?

    /// Creates an element; CareKit's default duration is one hour.
    package init(
        start: ScheduleAnchor = ScheduleAnchor(.startOfEnrollmentDay),
        end: ScheduleAnchor? = nil,
        timeOfDay: TimeOfDay? = nil,
        interval: DateComponents,
        duration: ScheduleDuration = .seconds(3600),
        text: String? = nil
    ) {
        self.start = start
        self.end = end
        self.timeOfDay = timeOfDay
        self.interval = interval
        self.duration = duration
        self.text = text
    }

    /// Dates this element for a participant enrolled at `enrollment`.
    package func resolve(enrollment: Date, calendar: Calendar) -> ResolvedScheduleElement {
        var startDate = start.resolve(enrollment: enrollment, calendar: calendar)
        if let timeOfDay,
            let atTime = calendar.date(
                bySettingHour: timeOfDay.hour, minute: timeOfDay.minute, second: 0, of: startDate)
        {
            startDate = atTime
        }
        let isAllDay: Bool
        let seconds: Double
        switch duration {
        case .allDay: (isAllDay, seconds) = (true, 0)
        case .seconds(let value): (isAllDay, seconds) = (false, value)
        }
        return ResolvedScheduleElement(
            start: startDate,
            end: end?.resolve(enrollment: enrollment, calendar: calendar),
            interval: interval,
            isAllDay: isAllDay,
            durationSeconds: seconds,
            text: text
        )
    }
}
