/// How long each event of a schedule element lasts (CareKit's `OCKScheduleElement.Duration`).
public enum ScheduleDuration: Sendable, Hashable {
    /// The whole calendar day of the event.
    case allDay
    /// A fixed number of seconds of elapsed time.
    case seconds(Double)
}
