package import Foundation

/// A composed schedule (`OCKSchedule`, docs/schedules.md, "Composed schedules"): elements sorted by start, ties keeping
/// the given order.
///
/// Occurrence numbering: this port uses the safer numbering of docs/schedules.md, "Numbering and versions" — occurrence
/// k is the k-th event of a full merge of all elements' events from the schedule start, ordered by start, then element
/// order, then the element's own order. It equals CareKit's numbering whenever CareKit's assumption holds (every event
/// that ended before a query starts also starts before every returned event) and, unlike CareKit's range numbering,
/// always agrees with `event(occurrence:)`, so an outcome saved for a range result lands on the right event.
public struct Schedule: Sendable, Hashable {
    /// The elements, sorted by start (stable: equal starts keep the given order, which is persisted).
    package let elements: [ScheduleElement]

    /// Composes elements; throws when `elements` is empty.
    package init(composing elements: [ScheduleElement]) throws(ScheduleError) {
        guard !elements.isEmpty else { throw .noElements }
        self.elements = elements.enumerated()
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
    }

    /// Composes schedules by flattening their elements.
    package init(composing schedules: [Schedule]) throws(ScheduleError) {
        try self.init(composing: schedules.flatMap(\.elements))
    }

    /// The earliest element start.
    package var startDate: Date { elements.map(\.start).min() ?? .distantPast }

    /// Nil if any element is open-ended, otherwise the latest element end.
    package var endDate: Date? {
        var latest: Date?
        for element in elements {
            guard let end = element.end else { return nil }
            latest = max(latest ?? end, end)
        }
        return latest
    }

    /// Nil if any element is open-ended, otherwise the latest instant the event query can still return one of its
    /// events: the latest element end, or the end of an all-day element's last possible day when that is later
    /// (`ScheduleElement.lastingEnd`). The task filter of docs/schedules.md, "Numbering and versions", uses it.
    package var lastingEnd: Date? {
        var latest: Date?
        for element in elements {
            guard let end = element.lastingEnd else { return nil }
            latest = max(latest ?? end, end)
        }
        return latest
    }

    /// CareKit's `exists(onDay:)`: whether the schedule's span touches the local day of `date` (not whether an event
    /// falls on it).
    package func exists(onDay date: Date, calendar: Calendar) -> Bool {
        let first = calendar.startOfDay(for: date)
        let last =
            calendar.date(byAdding: DateComponents(day: 1, second: -1), to: first) ?? first.addingTimeInterval(86_399)
        guard let end = endDate else { return startDate <= last }
        return startDate < last && end > first
    }
}
