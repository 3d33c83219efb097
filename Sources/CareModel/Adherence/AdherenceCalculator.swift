package import Foundation

/// CareKit's `fetchAdherence` (docs/carekit-store.md, "Adherence") for tasks with `impactsAdherence`: one entry per day
/// index from `start` (24-hour buckets by `calendar` whole-day difference) up to the day index of `end`; a day is
/// `.noTasks` when no counted task's schedule spans it, `.noEvents` when it spans it without events, otherwise
/// `.progress(completed events ÷ events)`, every event weighted equally; an event is completed by `Event.isCompleted`
/// (an outcome that meets its target values, if any). The store fetches the counted chains' events
/// with their outcomes; this counts them.
package struct AdherenceCalculator {
    /// The chains that count: those whose version in force at the end of the interval impacts adherence.
    package let chains: [VersionChain]
    private let start: Date
    private let end: Date
    private let calendar: Calendar

    /// A calculator over [start, end) for the tasks of `chains` that count.
    package init(chains: [VersionChain], from start: Date, to end: Date, calendar: Calendar) {
        self.chains = chains.filter { $0.latestVersion(endingBefore: end)?.task.impactsAdherence == true }
        self.start = start
        self.end = end
        self.calendar = calendar
    }

    /// The adherence of each day, from `events`: the counted chains' events in [start, end), outcomes attached.
    package func adherence(events: [Event]) -> [Adherence] {
        let dayCount = max(0, calendar.dateComponents([.day], from: start, to: end).day ?? 0) + 1
        var result = Array(repeating: Adherence.noTasks, count: dayCount)
        guard !chains.isEmpty else { return result }
        let schedules = chains.compactMap { $0.latestVersion(endingBefore: end)?.task.schedule }
        var buckets = Array(repeating: (events: 0, completed: 0), count: dayCount)
        for event in events {
            guard let day = calendar.dateComponents([.day], from: start, to: event.scheduleEvent.start).day,
                buckets.indices.contains(day)
            else { continue }
            buckets[day].events += 1
            if event.isCompleted { buckets[day].completed += 1 }
        }
        var day = start
        var index = 0
        while day < end, index < dayCount {
            if schedules.contains(where: { $0.exists(onDay: day, calendar: calendar) }) {
                let bucket = buckets[index]
                result[index] =
                    bucket.events == 0
                    ? .noEvents : .progress(Double(bucket.completed) / Double(bucket.events))
            }
            index += 1
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        return result
    }
}
