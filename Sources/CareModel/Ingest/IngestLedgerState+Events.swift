import Foundation

extension IngestLedgerState {
    /// Reads the live outcomes of `events`: per task version, one range of occurrences (the events of a version over a
    /// span of days have consecutive occurrences).
    mutating func loadHolders(of events: some Sequence<VersionEvent>, source: inout some IngestLedgerSource) throws {
        // Bounds as a plain pair: a dictionary of ClosedRange values makes the runtime look up conformances at start.
        var ranges: [UUID: (low: Int, high: Int)] = [:]
        for item in events {
            let occurrence = item.event.occurrence
            ranges[item.taskVersion] =
                ranges[item.taskVersion].map { (min($0.low, occurrence), max($0.high, occurrence)) }
                ?? (occurrence, occurrence)
        }
        for (task, range) in ranges {
            for (occurrence, holder) in try source.liveOutcomes(taskVersion: task, occurrences: range.low...range.high)
            {
                holders[EventKey(task: task, occurrence: occurrence)] = holder
            }
        }
    }

    /// The event `item` belongs to: of the task's events starting in its day, the last one starting at or before the
    /// run's end, else the first. A day where no event starts still has the events that began before it and last into
    /// it (docs/schedules.md); they are the candidates then, as for `regimen run`.
    mutating func event(for item: OutcomeIngest, source: inout some IngestLedgerSource) throws -> VersionEvent {
        guard let entry = tasks[item.taskID], entry.chain.tip != nil else {
            throw IngestRefusal.taskNotFound(id: item.taskID)
        }
        guard !entry.chain.isDeleted else { throw IngestRefusal.taskDeleted(id: item.taskID) }
        var candidates: ArraySlice<VersionEvent>
        if let covered = entry.covered, covered.start <= item.day.start, item.day.end <= covered.end {
            let first = entry.events.partitioningIndex { $0.event.start >= item.day.start }
            let end = entry.events[first...].partitioningIndex { $0.event.start >= item.day.end }
            candidates = entry.events[first..<end]
            if candidates.isEmpty {
                candidates = entry.events[..<first].filter { $0.event.end >= item.day.start }[...]
            }
        } else {
            let overlapping = Self.events(of: entry.chain, from: item.day.start, to: item.day.end)
            let starting = overlapping.filter { $0.event.start >= item.day.start && $0.event.start < item.day.end }
            candidates = (starting.isEmpty ? overlapping : starting)[...]
            try loadHolders(of: candidates, source: &source)
        }
        guard let chosen = candidates.last(where: { $0.event.start <= item.runEndDate }) ?? candidates.first else {
            throw IngestRefusal.noEventOnDay(taskID: item.taskID, dayStart: item.day.start)
        }
        return chosen
    }
}

extension Array {
    /// The first index whose element satisfies `belongs` (which must be false then true along the array).
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        self[...].partitioningIndex(where: belongs)
    }
}

extension ArraySlice {
    /// The first index whose element satisfies `belongs` (false then true along the slice).
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
