package import Foundation

/// A schedule element dated for one participant, ready to become a care-store schedule element.
package struct ResolvedScheduleElement: Sendable, Hashable {
    /// Start of the first event (the care store moves all-day starts to midnight, docs/schedules.md, "Schedule
    /// elements").
    package var start: Date
    /// Exclusive limit on event starts; nil means forever.
    package var end: Date?
    /// Step between consecutive event starts.
    package var interval: DateComponents
    /// Whether each event lasts its whole calendar day.
    package var isAllDay: Bool
    /// Event length in seconds (0 for all-day events, whose length comes from the calendar).
    package var durationSeconds: Double
    /// A label such as "Task Due!".
    package var text: String?

    /// Creates a resolved element.
    package init(
        start: Date, end: Date?, interval: DateComponents, isAllDay: Bool, durationSeconds: Double, text: String?
    ) {
        self.start = start
        self.end = end
        self.interval = interval
        self.isAllDay = isAllDay
        self.durationSeconds = durationSeconds
        self.text = text
    }
}
