package import Foundation

/// The events of task version chains over [start, end) (docs/carekit-store.md, "Events across versions"), before their
/// outcomes are attached: what a store fetches outcomes for, and how it attaches them. Sorted by (start, task version
/// uuid text, occurrence).
package struct ChainEvents {
    /// One event of a task version, with the version's `uuidString`.
    package struct Pair {
        /// The task version.
        package var task: CareTask
        /// The event.
        package var event: ScheduleEvent
        /// `task.uuid.uuidString`.
        package var uuid: String
    }

    /// The events, sorted.
    package let pairs: [Pair]

    /// The events of `chains` in [start, end).
    package init(chains: [VersionChain], from start: Date, to end: Date) {
        pairs = chains.flatMap { $0.events(from: start, to: end) }
            .map { Pair(task: $0.task, event: $0.event, uuid: $0.task.uuid.uuidString) }
            .sorted { ($0.event.start, $0.uuid, $0.event.occurrence) < ($1.event.start, $1.uuid, $1.event.occurrence) }
    }

    /// Per task version (`uuidString`, ascending), the first and last occurrence whose live outcomes the events need.
    /// (Plain pairs of bounds: an array or dictionary holding `ClosedRange` values makes the runtime look up
    /// conformances at start, docs/performance.md, "`regimen today` (the care feed)".)
    package var occurrenceRanges: [(taskVersionUUID: String, first: Int, last: Int)] {
        var ranges: [String: (low: Int, high: Int)] = [:]
        for pair in pairs {
            let occurrence = pair.event.occurrence
            ranges[pair.uuid] =
                ranges[pair.uuid].map { (min($0.low, occurrence), max($0.high, occurrence)) }
                ?? (occurrence, occurrence)
        }
        return ranges.sorted { $0.key < $1.key }.map {
            (taskVersionUUID: $0.key, first: $0.value.low, last: $0.value.high)
        }
    }

    /// The events with their outcomes attached: of `outcomes` (live ones, any order), the first of each event.
    package func events(outcomes: [Outcome]) -> [Event] {
        let index = EventIndex(outcomes.map { EventKey(task: $0.taskVersionUUID, occurrence: $0.occurrence) })
        return pairs.map { pair in
            Event(
                task: pair.task, scheduleEvent: pair.event,
                outcome: index.first(of: EventKey(task: pair.task.uuid, occurrence: pair.event.occurrence)).map {
                    outcomes[$0]
                })
        }
    }

    /// The events taken from `known` (events fetched with their outcomes), or nil when `known` lacks one of them.
    package func events(among known: [Event]) -> [Event]? {
        let index = EventIndex(known.map { EventKey(task: $0.task.uuid, occurrence: $0.scheduleEvent.occurrence) })
        var events: [Event] = []
        events.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let position = index.last(of: EventKey(task: pair.task.uuid, occurrence: pair.event.occurrence))
            else { return nil }
            events.append(known[position])
        }
        return events
    }
}
