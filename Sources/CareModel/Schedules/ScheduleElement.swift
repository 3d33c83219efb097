package import Foundation

/// One repeating rule of a schedule (`OCKScheduleElement`, docs/schedules.md, "Schedule elements" and "The event query
/// for [A, B)" and "Calendar arithmetic").
///
/// Events start at `start` and then step cumulatively by `interval` with `calendar` (each start is computed from the
/// previous one, so DST shifts and month-end clamping stick, exactly as CareKit does). `end` is an exclusive limit
/// on event starts.
package struct ScheduleElement: Sendable, Hashable {
    /// The first event's start (for `.allDay`, the start of that local day).
    package let start: Date
    /// Exclusive limit on event starts; nil = forever.
    package let end: Date?
    /// The step between consecutive event starts.
    package let interval: ScheduleInterval
    /// How long each event lasts.
    package let duration: ScheduleDuration
    /// A label such as "Before breakfast".
    package let text: String?
    /// Goals used by value-summing progress.
    package let targetValues: [OutcomeValue]
    /// The calendar (and its time zone) used for every date computation of this element.
    package let calendar: Calendar

    /// Creates an element; throws when `end <= start`, the interval does not advance, or the duration is invalid.
    package init(
        start: Date, end: Date? = nil, interval: ScheduleInterval, duration: ScheduleDuration = .hours(1),
        text: String? = nil, targetValues: [OutcomeValue] = [], calendar: Calendar
    ) throws(ScheduleError) {
        guard interval.movesForward else { throw .intervalDoesNotAdvance(interval) }
        let effectiveStart: Date
        switch duration {
        case .allDay:
            guard interval.day > 0 || interval.weekOfYear > 0 || interval.month > 0 || interval.year > 0 else {
                throw .intervalDoesNotAdvance(interval)
            }
            effectiveStart = calendar.startOfDay(for: start)
        case .seconds(let seconds):
            guard seconds.isFinite, seconds >= 0 else { throw .invalidDuration(seconds) }
            effectiveStart = start
        }
        if let end, !(effectiveStart < end) { throw .endNotAfterStart(start: effectiveStart, end: end) }
        self.start = effectiveStart
        self.end = end
        self.interval = interval
        self.duration = duration
        self.text = text
        self.targetValues = targetValues
        self.calendar = calendar
    }

    /// The start of the event after the one starting at `eventStart` (CareKit's cumulative step, rule 1 of
    /// docs/schedules.md, "The event query for [A, B)").
    func nextStart(after eventStart: Date) -> Date? {
        guard let candidate = calendar.date(byAdding: interval.dateComponents, to: eventStart) else { return nil }
        let next = duration == .allDay ? calendar.startOfDay(for: candidate) : candidate
        return next > eventStart ? next : nil
    }

    /// The end of the event starting at `eventStart` (rule 2 of docs/schedules.md, "The event query for [A, B)").
    func eventEnd(forStart eventStart: Date) -> Date {
        switch duration {
        case .allDay:
            calendar.date(byAdding: DateComponents(day: 1, second: -1), to: eventStart)
                ?? eventStart.addingTimeInterval(86_399)
        case .seconds(let seconds):
            eventStart.addingTimeInterval(seconds)
        }
    }

    /// An upper bound on the length of an all-day event (a day of 25 hours, with a margin).
    static let longestAllDayEvent: TimeInterval = 26 * 3600

    /// An upper bound on the length of any event of this element.
    var maximumEventLength: TimeInterval {
        switch duration {
        case .allDay: Self.longestAllDayEvent
        case .seconds(let seconds): seconds
        }
    }

    /// True when an event starting at `date` is before the element's end.
    func isBeforeEnd(_ date: Date) -> Bool {
        guard let end else { return true }
        return date < end
    }

    /// Rule 3 of docs/schedules.md, "The event query for [A, B)": whether a query starting at `queryStart` drops this
    /// element's events — a fixed-duration element whose end is at or before `queryStart`. Never an all-day element:
    /// its end limits which days have an event, and a day's event, once it exists, lasts the whole day.
    func droppedByQuery(startingAt queryStart: Date) -> Bool {
        guard let end, duration != .allDay else { return false }
        return end <= queryStart
    }

    /// The latest instant an event of this element can last to: nil when open-ended; for a fixed duration, the end
    /// (rule 3 drops the element's events from queries starting then); for an all-day element, the end of the day
    /// holding the last possible start (the day of one second before the end, CareKit's all-day limit).
    var lastingEnd: Date? {
        guard let end else { return nil }
        guard duration == .allDay else { return end }
        let lastDay = calendar.startOfDay(for: end.addingTimeInterval(-1))
        return max(end, eventEnd(forStart: lastDay))
    }
}
