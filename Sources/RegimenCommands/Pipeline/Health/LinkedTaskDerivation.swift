import CareModel
import CareStore
import Catalog
import Foundation
import HealthData
import ResearchTasks

/// Writes the outcomes of the catalog's health-linked tasks from the imported Health data (docs/health-export.md,
/// "Linked tasks"): every event from the task's start to now that has data gets one outcome; an outcome already saying
/// the same number is left alone; a changed number replaces it as a new version (the old one is kept as replaced);
/// an event whose data is gone loses its derived outcome (kept as deleted). Nothing else is touched.
struct LinkedTaskDerivation {
    let store: CareStore
    let environment: RegimenEnvironment
    /// How many days of events are scored with one load of the data: the data is read a few months at a time, so
    /// memory does not grow with the years an export holds.
    var chunkDays = 92

    /// How far around a chunk's events data is read, beyond the longest sample: a window is the event's day or
    /// week, and a night whose morning falls in it began the evening before, in its own zone (docs/health-export.md,
    /// "Windows").
    static let margin: Int64 = 8 * 86_400

    /// What one linked task's derivation did.
    struct Report: Equatable {
        var task: String
        var events = 0
        var withData = 0
        var completed = 0
        var written = 0
        var removed = 0
    }

    /// The sync identifier of a derived outcome: one per event of a task version.
    static func syncID(version: UUID, occurrence: Int) -> String { "health:\(version.uuidString)#\(occurrence)" }

    /// Derives every linked task of `catalog`; days and nights in `home` (the import's home zone).
    func derive(_ catalog: Catalog, home: TimeZone) throws(RegimenError) -> [Report] {
        let linked = catalog.entries.filter { $0.healthLink != nil && $0.schedule != nil }
        guard !linked.isEmpty else { return [] }
        var homeCalendar = Calendar(identifier: .gregorian)
        homeCalendar.timeZone = home
        let now = environment.clock.now()
        let calendar = environment.calendar
        // Where each link's data begins, and how long its longest sample lasts.
        var extents: [HealthLink: (earliest: Int64, longest: Int64)] = [:]
        var earliest: Int64?
        for link in Set(linked.compactMap(\.healthLink)) {
            let types = link.aggregate == .workouts ? [] : [link.type ?? HealthSpan.sleepType]
            let extent = try storeCall { () throws(CareStoreError) in try store.healthExtent(types: types) }
            if let extent { extents[link] = extent }
            // The data's first day, exactly as the whole data would give it (a night is keyed by its evening).
            let first = try StoredHealthData(
                links: [link], store: store, calendar: homeCalendar,
                to: extent.map { $0.earliest + Self.margin }
            ).earliestInstant
            if let first { earliest = min(earliest ?? first, first) }
        }
        // A linked task new to the store starts on the day of the earliest data it reads, so the history is scored.
        let anchor = earliest.map { calendar.startOfDay(for: Date(timeIntervalSince1970: TimeInterval($0))) }
        let ids = Set(linked.map(\.taskIdentifier))
        try IngestTaskSetup(store: store, environment: environment)
            .prepare(catalog, anchor: min(anchor ?? now, now), enrollAt: now, only: { ids.contains($0.taskIdentifier) })
        var reports: [Report] = []
        for entry in linked {
            guard let link = entry.healthLink else { continue }
            let task = entry.taskIdentifier
            let versions = try storeCall { () throws(CareStoreError) in try store.taskVersions(id: task) }
            guard let start = versions.map(\.effectiveDate).min(), start < now else {
                reports.append(Report(task: task))
                continue
            }
            let events = try storeCall { () throws(CareStoreError) in
                try store.events(taskID: task, from: start, to: now)
            }
            .filter { $0.scheduleEvent.start <= now }
            var derived: [DerivedHealthOutcome] = []
            for chunk in Self.chunks(events, days: chunkDays) {
                let reach = Self.margin + (extents[link]?.longest ?? 0)
                let data = try StoredHealthData(
                    links: [link], store: store, calendar: homeCalendar,
                    from: Self.seconds(chunk[chunk.startIndex].scheduleEvent.start) - reach,
                    to: Self.seconds(chunk[chunk.endIndex - 1].scheduleEvent.end) + Self.margin)
                derived += HealthOutcomeDerivation.outcomes(
                    link: link, events: Array(chunk), calendar: calendar, aggregator: data)
            }
            var byEvent: [String: DerivedHealthOutcome] = [:]
            for outcome in derived { byEvent["\(outcome.taskVersionUUID.uuidString)#\(outcome.occurrence)"] = outcome }
            var report = Report(task: task, events: events.count, withData: derived.count)
            var writes: [OutcomeIngest] = []
            for event in events {
                let syncID = Self.syncID(version: event.task.uuid, occurrence: event.scheduleEvent.occurrence)
                guard let outcome = byEvent[event.id] else {
                    if let stored = event.outcome, stored.syncID == syncID {
                        try storeCall { () throws(CareStoreError) in
                            try store.deleteOutcome(uuid: stored.uuid, now: now)
                        }
                        report.removed += 1
                    }
                    continue
                }
                let value = outcome.value(createdDate: now)
                let met = OutcomeValue.meets(event.targetValues, with: [value])
                if met { report.completed += 1 }
                if let stored = event.outcome, outcome.isStored(in: stored.values) { continue }
                let day = calendar.startOfDay(for: event.scheduleEvent.start)
                let nextDay = calendar.date(byAdding: .day, value: 1, to: day) ?? event.scheduleEvent.end
                let version = event.outcome.flatMap { $0.syncID == syncID ? $0.syncVersion + 1 : nil } ?? 1
                writes.append(
                    OutcomeIngest(
                        taskID: task, day: DateInterval(start: day, end: max(nextDay, day)),
                        runEndDate: event.scheduleEvent.start,
                        values: [value], syncID: syncID, syncVersion: version, createdDate: now))
            }
            if !writes.isEmpty {
                let results = try storeCall { () throws(CareStoreError) in try store.ingest(writes) }
                for result in results {
                    if case .failure(let error) = result { throw RegimenError.store(error) }
                }
                report.written = writes.count
            }
            reports.append(report)
        }
        return reports
    }

    /// `events` (by start) in runs starting within `days` of each run's first event.
    static func chunks(_ events: [Event], days: Int) -> [ArraySlice<Event>] {
        var chunks: [ArraySlice<Event>] = []
        var start = events.startIndex
        for index in events.indices
        where index > start
            && events[index].scheduleEvent.start.timeIntervalSince(events[start].scheduleEvent.start) >= Double(days)
                * 86_400
        {
            chunks.append(events[start..<index])
            start = index
        }
        if start < events.endIndex { chunks.append(events[start...]) }
        return chunks
    }

    private static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
