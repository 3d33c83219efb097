package import Foundation
package import RegimenFoundation

/// What one event of a linked task aggregates (docs/health-export.md, "Linked tasks"): an interval of instants for
/// quantities, workouts and latest values, and the nights whose following morning falls in it for sleep.
package struct HealthWindow: Sendable, Hashable {
    /// [start, end) in the participant's zone: a daily all-day event's day, a week-long event's seven days.
    package var interval: DateInterval
    /// The nights counted by sleep aggregates, each named by the date of its evening (docs/health-export.md,
    /// "Days and nights"), in order.
    package var nights: [CivilDate]

    /// Creates a window.
    package init(interval: DateInterval, nights: [CivilDate]) {
        self.interval = interval
        self.nights = nights
    }
}

extension HealthWindow {
    /// The window of `event`, an event of an element of `schedule` (docs/health-export.md, "Linked tasks"): an
    /// all-day event covers its calendar day; a fixed duration covers [start, start + duration), except that a whole
    /// number of days from a local midnight ends at the local midnight that many days later (a week across a DST change
    /// is still seven days). The nights are those whose following morning is a local date the interval touches.
    package static func of(_ event: ScheduleEvent, in schedule: Schedule, calendar: Calendar) -> HealthWindow {
        let start = event.start
        var end: Date
        let duration =
            schedule.elements.indices.contains(event.elementIndex)
            ? schedule.elements[event.elementIndex].duration : .seconds(event.end.timeIntervalSince(event.start))
        switch duration {
        case .allDay:
            end = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: start)) ?? event.end
        case .seconds(let seconds):
            end = start.addingTimeInterval(seconds)
            let days = seconds / 86_400
            if days >= 1, days.rounded() == days, calendar.startOfDay(for: start) == start,
                let midnight = calendar.date(byAdding: .day, value: Int(days), to: start)
            {
                end = midnight
            }
        }
        if end < start { end = start }
        return HealthWindow(
            interval: DateInterval(start: start, end: end), nights: nights(touching: start, end, calendar: calendar))
    }

    /// The nights whose following morning is a local date that [start, end) touches (an empty interval touches its
    /// start's date): the evening before each such date.
    private static func nights(touching start: Date, _ end: Date, calendar: Calendar) -> [CivilDate] {
        var nights: [CivilDate] = []
        var day = calendar.startOfDay(for: start)
        repeat {
            if let evening = calendar.date(byAdding: .day, value: -1, to: day) {
                let parts = calendar.dateComponents([.year, .month, .day], from: evening)
                nights.append(CivilDate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0))
            }
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        } while day < end
        return nights
    }
}
