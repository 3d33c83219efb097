package import Foundation

/// Some consecutive events of one schedule element, written as one VEVENT (docs/icalendar.md, "Elements as events").
package struct CalendarSegment: Sendable, Hashable {
    /// How the starts after the first are written.
    package enum Pattern: Sendable, Hashable {
        /// An RRULE, exact for every start it gives; `lastStart` is the last start allowed (UNTIL), nil when the
        /// events never end.
        case rule(RecurrenceRule, lastStart: Date?)
        /// The other starts, listed (RDATE).
        case dates([Date])
    }

    /// The first event's start (DTSTART).
    package let first: Date
    /// The other starts.
    package let pattern: Pattern
    /// Set when the element never ends and no exact RRULE was found: its listed events stop before this instant.
    package let horizon: Date?
    /// Whether the date-times are written in UTC (also for an all-day event its DATE form would misstate); else
    /// local times with the element's TZID, or DATEs for an all-day element.
    package let inUTC: Bool

    /// Every start this segment lists explicitly, first included (for a rule, just the first).
    package var listedStarts: [Date] {
        switch pattern {
        case .rule: [first]
        case .dates(let rest): [first] + rest
        }
    }
}
