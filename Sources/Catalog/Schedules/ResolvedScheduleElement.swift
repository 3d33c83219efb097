import Foundation

/// A schedule element dated for one participant, ready to become a care-store schedule element.
public struct ResolvedScheduleElement: Sendable, Hashable {
    /// Start of the first event (the care store moves all-day starts to midnight, docs/schedules.md, "Schedule elements").
    public var start: Date
    /// Exclusive limit on event starts; nil means forever.
    public var end: Date?
    /// Step between consecutive event starts.
    public var interval: DateComponents
    /// Whether each event lasts its whole calendar day.
    public var isAllDay: Bool
    /// Event length in seconds (0 for all-day events, whose length comes from the calendar).
    public var durationSeconds: Double
    /// A label such as "Task Due!".
    public var text: String?

    /// Creates a resolved element.
    public init(start: Date, end: Date?, interval: DateComponents, isAllDay: Bool, durationSeconds: Double, text: String?) {
        self.start = start
        self.end = end
        self.interval = interval
        self.isAllDay = isAllDay
        self.durationSeconds = durationSeconds
        self.text = text
    }
}
