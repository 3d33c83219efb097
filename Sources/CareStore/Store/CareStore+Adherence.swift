import CareModel
import Foundation
import GRDB

extension CareStore {
    /// CareKit's `fetchAdherence` (docs/carekit-store.md, "Adherence") for tasks with `impactsAdherence`: one entry per day index from
    /// `start` (24-hour buckets by `calendar` whole-day difference) up to the day index of `end`; a day is `.noTasks`
    /// when no kept task's schedule spans it, `.noEvents` when it spans it without events, otherwise
    /// `.progress(completed events ÷ events)`, every event weighted equally.
    package func adherence(from start: Date, to end: Date, calendar: Calendar) throws(CareStoreError) -> [Adherence] {
        guard start <= end else { throw .invalidInterval(from: start, to: end) }
        return try read("fetch adherence") { db in
            let chains = try TaskRecord.allVersions(db, cache: taskCache).map(VersionChain.init)
            return try Self.adherence(of: chains, from: start, to: end, calendar: calendar, known: nil, db)
        }
    }

    /// The adherence of `chains`' tasks that impact adherence, as `adherence(from:to:calendar:)` defines it. `known`
    /// holds events already fetched in this transaction (outcomes attached): when they include every event the
    /// adherence counts, the outcomes are not fetched again.
    static func adherence(
        of allChains: [VersionChain], from start: Date, to end: Date, calendar: Calendar, known: [Event]?, _ db: Database
    ) throws -> [Adherence] {
        let chains = allChains.filter { $0.latestVersion(endingBefore: end)?.task.impactsAdherence == true }
        let dayCount = max(0, calendar.dateComponents([.day], from: start, to: end).day ?? 0) + 1
        var result = Array(repeating: Adherence.noTasks, count: dayCount)
        guard !chains.isEmpty else { return result }
        let schedules = chains.compactMap { $0.latestVersion(endingBefore: end)?.task.schedule }
        var buckets = Array(repeating: (events: 0, completed: 0), count: dayCount)
        let events = try known.flatMap { known in Self.events(of: chains, from: start, to: end, among: known) }
            ?? Self.events(of: chains, from: start, to: end, db)
        for event in events {
            guard let day = calendar.dateComponents([.day], from: start, to: event.scheduleEvent.start).day,
                buckets.indices.contains(day)
            else { continue }
            buckets[day].events += 1
            if event.outcome != nil { buckets[day].completed += 1 }
        }
        var day = start
        var index = 0
        while day < end, index < dayCount {
            if schedules.contains(where: { $0.exists(onDay: day, calendar: calendar) }) {
                let bucket = buckets[index]
                result[index] = bucket.events == 0
                    ? .noEvents : .progress(Double(bucket.completed) / Double(bucket.events))
            }
            index += 1
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        return result
    }
}
