package import Foundation

/// The versions of one task id in chain order (oldest first), with CareKit's version rules (docs/carekit-store.md,
/// "Which version is in force" and "Events across versions").
package struct VersionChain: Sendable {
    /// The versions, oldest first; each one's `previousVersionUUID` is the one before it.
    package let versions: [CareTask]

    /// A chain of `versions`, oldest first.
    package init(versions: [CareTask]) { self.versions = versions }

    /// The newest version (a tombstone after deletion).
    package var tip: CareTask? { versions.last }

    /// True when the chain ends in a tombstone.
    package var isDeleted: Bool { versions.contains { $0.deletedDate != nil } }

    private func next(after index: Int) -> CareTask? {
        index + 1 < versions.count ? versions[index + 1] : nil
    }

    /// docs/carekit-store.md, "Which version is in force": the version in force at the end of [start, end): not
    /// deleted, effective before `end`, and with no next version effective before `end`. When effective dates are out
    /// of order several may qualify; the newest wins.
    package func latestVersion(endingBefore end: Date) -> (index: Int, task: CareTask)? {
        for index in versions.indices.reversed() {
            let version = versions[index]
            guard version.deletedDate == nil, version.effectiveDate < end else { continue }
            if let next = next(after: index), next.effectiveDate < end { continue }
            return (index, version)
        }
        return nil
    }

    /// The version in force at the instant `date`: effective at or before it, with no next version effective by then.
    package func version(at date: Date) -> CareTask? {
        for index in versions.indices.reversed() {
            let version = versions[index]
            guard version.deletedDate == nil, version.effectiveDate <= date else { continue }
            if let next = next(after: index), next.effectiveDate <= date { continue }
            return version
        }
        return nil
    }

    /// docs/carekit-store.md, "Events across versions" steps 2–5: the (version, schedule event) pairs of [start, end),
    /// each version keeping its own numbering.
    package func events(from start: Date, to end: Date) -> [(task: CareTask, event: ScheduleEvent)] {
        versionEvents(from: start, to: end).map { (versions[$0.version], $0.event) }
    }

    /// `events(from:to:)` with each version given by its index in `versions`, so that no task is copied per event.
    ///
    /// Step 5 of docs/carekit-store.md, "Events across versions": an all-day event lasts its whole day, so a version
    /// replaced during the day (at noon, say) keeps giving it to queries that start later that day. Those events are
    /// the all-day events the version rules give the day before `start` that still last at `start`; they are looked
    /// for only when a version took effect within that day.
    package func versionEvents(from start: Date, to end: Date) -> [(version: Int, event: ScheduleEvent)] {
        let events = spanEvents(from: start, to: end)
        let lookbackStart = start.addingTimeInterval(-ScheduleElement.longestAllDayEvent)
        guard start < end,
            versions.dropFirst().contains(where: { $0.effectiveDate > lookbackStart && $0.effectiveDate <= start })
        else { return events }
        var seen = Set(events.map { EventKey(task: versions[$0.version].uuid, occurrence: $0.event.occurrence) })
        let lasting = spanEvents(from: lookbackStart, to: start).filter { item in
            item.event.end >= start
                && versions[item.version].schedule.elements[item.event.elementIndex].duration == .allDay
                && seen.insert(EventKey(task: versions[item.version].uuid, occurrence: item.event.occurrence)).inserted
        }
        return lasting + events
    }

    /// Steps 1–4 of docs/carekit-store.md, "Events across versions": each version's events of [max(its effective date,
    /// start), the next version's effective date), as CareKit's `fetchEvents` takes them.
    private func spanEvents(from start: Date, to end: Date) -> [(version: Int, event: ScheduleEvent)] {
        guard start < end, let (latestIndex, latest) = latestVersion(endingBefore: end) else { return [] }
        // docs/schedules.md, "Numbering and versions" task filter (excludesTasksWithNoEvents = false).
        if let scheduleEnd = latest.schedule.lastingEnd, !(scheduleEnd >= start && latest.effectiveDate <= end) {
            return []
        }
        var chain = [latestIndex]
        var index = latestIndex
        while index > 0 {
            let older = versions[index - 1]
            if older.effectiveDate < start && latest.effectiveDate <= start { break }
            chain.append(index - 1)
            index -= 1
        }
        // Newest first; a stable sort by effective date descending keeps newer versions first on ties.
        let ordered = chain.enumerated()
            .sorted {
                (versions[$1.element].effectiveDate, $0.offset) < (versions[$0.element].effectiveDate, $1.offset)
            }
            .map(\.element)
        var currentEnd = end
        var result: [[(version: Int, event: ScheduleEvent)]] = []
        for position in ordered {
            let version = versions[position]
            let from = max(version.effectiveDate, start)
            if from < currentEnd {
                result.append(version.schedule.events(from: from, to: currentEnd).map { (position, $0) })
            }
            currentEnd = version.effectiveDate
        }
        return result.reversed().flatMap { $0 }
    }
}
