package import Foundation

/// The outcome one event of a linked task gets from Health data: its one value (docs/health-export.md,
/// "Linked tasks").
package struct DerivedHealthOutcome: Sendable, Hashable {
    /// The task version whose event it answers.
    package var taskVersionUUID: UUID
    /// The event's occurrence in its task version.
    package var occurrence: Int
    /// The event's start.
    package var eventStart: Date
    /// The window aggregated.
    package var window: HealthWindow
    /// The number, rounded to 3 decimals.
    package var number: Double
    /// The value's kind (the link's).
    package var kind: String
    /// The value's units (the link's).
    package var units: String?

    /// Creates a derived outcome.
    package init(
        taskVersionUUID: UUID, occurrence: Int, eventStart: Date, window: HealthWindow, number: Double, kind: String,
        units: String?
    ) {
        self.taskVersionUUID = taskVersionUUID
        self.occurrence = occurrence
        self.eventStart = eventStart
        self.window = window
        self.number = number
        self.kind = kind
        self.units = units
    }

    /// The outcome value to store, stamped `createdDate`.
    package func value(createdDate: Date) -> OutcomeValue {
        OutcomeValue(.double(number), kind: kind, units: units, createdDate: createdDate)
    }

    /// Whether `values` (a stored outcome's) already say this: one double of the same kind, units and number — so a
    /// re-derivation after a re-import writes only what changed.
    package func isStored(in values: [OutcomeValue]) -> Bool {
        guard values.count == 1, let stored = values.first, case .double(let number) = stored.value else {
            return false
        }
        return number == self.number && stored.kind == kind && stored.units == units
    }
}

/// Derives the outcomes of a linked task's events from Health data (docs/health-export.md, "Linked tasks"): pure and
/// deterministic, so re-deriving after a re-import gives the same values unless the data changed.
package enum HealthOutcomeDerivation {
    /// One outcome per event of `events` (events of `task`, a version of the linked task) that has data, in the
    /// events' order; an event without data gets none. Windows are computed in `calendar`'s zone.
    package static func outcomes(
        link: HealthLink, task: CareTask, events: [ScheduleEvent], calendar: Calendar,
        aggregator: some HealthAggregating
    ) -> [DerivedHealthOutcome] {
        events.compactMap { derive(link: link, task: task, event: $0, calendar: calendar, aggregator: aggregator) }
    }

    /// One outcome per event of `events` (events of the linked task's versions, as the store lists them, outcomes
    /// ignored) that has data, in the events' order.
    package static func outcomes(
        link: HealthLink, events: [Event], calendar: Calendar, aggregator: some HealthAggregating
    ) -> [DerivedHealthOutcome] {
        events.compactMap {
            derive(link: link, task: $0.task, event: $0.scheduleEvent, calendar: calendar, aggregator: aggregator)
        }
    }

    private static func derive(
        link: HealthLink, task: CareTask, event: ScheduleEvent, calendar: Calendar, aggregator: some HealthAggregating
    ) -> DerivedHealthOutcome? {
        let window = HealthWindow.of(event, in: task.schedule, calendar: calendar)
        guard let raw = aggregator.value(for: link, window: window), raw.isFinite else { return nil }
        return DerivedHealthOutcome(
            taskVersionUUID: task.uuid, occurrence: event.occurrence, eventStart: event.start, window: window,
            number: rounded(raw), kind: link.kind, units: link.units
        )
    }

    /// `number` rounded to 3 decimals (a thousandth of an hour is under 4 s), so sums taken in another order agree.
    static func rounded(_ number: Double) -> Double {
        let scaled = (number * 1000).rounded()
        return scaled == 0 ? 0 : scaled / 1000
    }
}
