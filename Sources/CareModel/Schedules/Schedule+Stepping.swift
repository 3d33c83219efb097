public import Foundation

extension Schedule {
    /// Reference implementation (CareKit's way): steps every element from its start through every occurrence, merges
    /// all events before `end` (stable by start, then element order), numbers them 0… and keeps those with end ≥
    /// `start` except those of fixed-duration elements ended by `start`. O(occurrences since the start); for tests and
    /// benchmarks.
    public func steppingEvents(from start: Date, to end: Date) -> [ScheduleEvent] {
        guard start < end else { return [] }
        var all: [ScheduleEvent] = []
        for (elementIndex, element) in elements.enumerated() {
            for eventStart in element.steppingStarts(before: end) {
                all.append(
                    ScheduleEvent(
                        start: eventStart, end: element.eventEnd(forStart: eventStart), occurrence: 0,
                        elementIndex: elementIndex))
            }
        }
        // Elements are appended in element order and each element's events in time order, so a stable sort by start
        // (ties by element index, then by position) is the full merge.
        let merged = all.enumerated()
            .sorted {
                ($0.element.start, $0.element.elementIndex, $0.offset) < (
                    $1.element.start, $1.element.elementIndex, $1.offset
                )
            }
            .map(\.element)
        return merged.enumerated().compactMap { position, event in
            guard event.end >= start else { return nil }
            if elements[event.elementIndex].droppedByQuery(startingAt: start) { return nil }
            var numbered = event
            numbered.occurrence = position
            return numbered
        }
    }
}
