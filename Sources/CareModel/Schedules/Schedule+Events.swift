public import Foundation

extension Schedule {
    /// The events that start before `end` and end at or after `start`, except those of fixed-duration elements whose
    /// end is at or before `start` (CareKit's event query; an all-day event is returned while it lasts, even after its
    /// element's end: docs/schedules.md, "The event query for [A, B)" and "Numbering and versions"),
    /// sorted by start then element order, numbered by the full-merge numbering described on `Schedule`.
    ///
    /// Finds the occurrences near `start` without stepping from the schedule start (see `ElementLocator`). Returns no
    /// events when `start >= end`.
    public func events(from start: Date, to end: Date) -> [ScheduleEvent] {
        guard start < end else { return [] }
        let locators = elements.map(ElementLocator.init)
        var found: [(event: ScheduleEvent, localIndex: Int)] = []
        for (elementIndex, element) in elements.enumerated() where element.start < end {
            if element.droppedByQuery(startingAt: start) { continue }
            let locator = locators[elementIndex]
            var index = locator.count(startingBefore: start.addingTimeInterval(-element.maximumEventLength))
            while let eventStart = locator.start(ofIndex: index), eventStart < end {
                let eventEnd = locator.eventEnd(forStart: eventStart)
                if eventEnd >= start {
                    let event = ScheduleEvent(
                        start: eventStart, end: eventEnd, occurrence: index, elementIndex: elementIndex)
                    found.append((event, index))
                }
                index += 1
            }
        }
        guard elements.count > 1 else { return found.map(\.event) }
        return found.map { item in
            var event = item.event
            event.occurrence = occurrence(of: event, localIndex: item.localIndex, locators: locators)
            return event
        }
        .sorted { ($0.start, $0.elementIndex, $0.occurrence) < ($1.start, $1.elementIndex, $1.occurrence) }
    }

    /// The event with occurrence index `occurrence` in the full merge, or nil when the schedule has fewer events.
    package func event(occurrence: Int) -> ScheduleEvent? {
        guard occurrence >= 0 else { return nil }
        let locators = elements.map(ElementLocator.init)
        for (elementIndex, locator) in locators.enumerated() {
            // The merged position grows with the local index, so binary-search the local index in 0...occurrence.
            var low = 0
            var high = occurrence
            while low <= high {
                let middle = low + (high - low) / 2
                guard let start = locator.start(ofIndex: middle) else {
                    high = middle - 1
                    continue
                }
                let probe = ScheduleEvent(start: start, end: start, occurrence: middle, elementIndex: elementIndex)
                let position = self.occurrence(of: probe, localIndex: middle, locators: locators)
                if position == occurrence {
                    return ScheduleEvent(
                        start: start, end: locator.eventEnd(forStart: start), occurrence: occurrence,
                        elementIndex: elementIndex)
                }
                if position < occurrence { low = middle + 1 } else { high = middle - 1 }
            }
        }
        return nil
    }

    /// Position of an element's `localIndex`-th event in the full merge.
    func occurrence(of event: ScheduleEvent, localIndex: Int, locators: [ElementLocator]) -> Int {
        var position = localIndex
        for (other, locator) in locators.enumerated() where other != event.elementIndex {
            position +=
                other < event.elementIndex
                ? locator.count(startingAtOrBefore: event.start)
                : locator.count(startingBefore: event.start)
        }
        return position
    }
}
