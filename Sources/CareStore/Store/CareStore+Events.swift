import CareModel
import Foundation
import GRDB

extension CareStore {
    /// The events of task `taskID` in [start, end) across its versions (docs/carekit-store.md, "Events across versions"), outcomes attached.
    public func events(taskID: String, from start: Date, to end: Date) throws(CareStoreError) -> [Event] {
        guard start <= end else { throw .invalidInterval(from: start, to: end) }
        return try read("fetch events") { db in
            try Self.events(of: [VersionChain(versions: try TaskRecord.versions(id: taskID, db, cache: taskCache))], from: start, to: end, db)
        }
    }

    /// The events of every task in [start, end) (docs/carekit-store.md, "Events across versions"), sorted by (start, task uuid, occurrence).
    public func events(from start: Date, to end: Date) throws(CareStoreError) -> [Event] {
        guard start <= end else { throw .invalidInterval(from: start, to: end) }
        return try read("fetch events") { db in
            try Self.events(of: try TaskRecord.allVersions(db, cache: taskCache).map(VersionChain.init), from: start, to: end, db)
        }
    }

    /// The care feed's reads of one day, in one transaction: the events of every task in [start, end), as
    /// `events(from:to:)` returns them; the adherence from `start` to `adherenceEnd`, as `adherence(from:to:calendar:)`
    /// returns it, counted from the events just fetched rather than fetching them again; and the ids of the tasks among
    /// those events that do not count towards adherence and have had an outcome (`hasOutcome(taskID:)`).
    package func feedDay(
        from start: Date, to end: Date, adherenceEnd: Date, calendar: Calendar
    ) throws(CareStoreError) -> (events: [Event], adherence: [Adherence], doneOneOffs: [String]) {
        guard start <= end else { throw .invalidInterval(from: start, to: end) }
        guard start <= adherenceEnd else { throw .invalidInterval(from: start, to: adherenceEnd) }
        return try read("fetch the care feed") { db in
            let chains = try TaskRecord.allVersions(db, cache: taskCache).map(VersionChain.init)
            let events = try Self.events(of: chains, from: start, to: end, db)
            let adherence = try Self.adherence(of: chains, from: start, to: adherenceEnd, calendar: calendar, known: events, db)
            var checked: [String] = []
            var done: [String] = []
            for event in events where !event.task.impactsAdherence && !checked.contains(event.task.id) {
                checked.append(event.task.id)
                if try Self.hasOutcome(taskID: event.task.id, db) { done.append(event.task.id) }
            }
            return (events, adherence, done)
        }
    }

    /// The events of `chains` in [start, end) taken from `known` (events fetched with their outcomes), or nil when
    /// `known` lacks one of them.
    static func events(of chains: [VersionChain], from start: Date, to end: Date, among known: [Event]) -> [Event]? {
        var positions: [String: Int] = [:]
        for (position, event) in known.enumerated() {
            positions["\(event.task.uuid.uuidString)#\(event.scheduleEvent.occurrence)"] = position
        }
        var events: [Event] = []
        for pair in chains.flatMap({ $0.events(from: start, to: end) }) {
            guard let position = positions["\(pair.task.uuid.uuidString)#\(pair.event.occurrence)"] else { return nil }
            events.append(known[position])
        }
        return events
    }

    static func events(of chains: [VersionChain], from start: Date, to end: Date, _ db: Database) throws -> [Event] {
        let pairs = chains.flatMap { $0.events(from: start, to: end) }
            .map { (task: $0.task, event: $0.event, uuid: $0.task.uuid.uuidString) }
            .sorted { ($0.event.start, $0.uuid, $0.event.occurrence) < ($1.event.start, $1.uuid, $1.event.occurrence) }
        guard !pairs.isEmpty else { return [] }
        // Per task version, the live outcomes of its occurrence range: bounded walks of the one-live-per-event index,
        // however many outcomes the store holds outside the window.
        // Bounds as a plain pair: a dictionary of ClosedRange values makes the runtime look up conformances at start.
        var ranges: [String: (low: Int, high: Int)] = [:]
        for pair in pairs {
            let occurrence = pair.event.occurrence
            ranges[pair.uuid] = ranges[pair.uuid].map { (min($0.low, occurrence), max($0.high, occurrence)) }
                ?? (occurrence, occurrence)
        }
        let outcomes = try OutcomeRecord.fetchLive(
            occurrences: ranges.sorted { $0.key < $1.key }.map { (taskVersionUUID: $0.key, range: $0.value.low...$0.value.high) }, db)
        var byEvent: [String: Outcome] = [:]
        for outcome in outcomes {
            let key = "\(outcome.taskVersionUUID.uuidString)#\(outcome.occurrence)"
            if byEvent[key] == nil { byEvent[key] = outcome }
        }
        return pairs.map { pair in
            Event(
                task: pair.task, scheduleEvent: pair.event,
                outcome: byEvent["\(pair.uuid)#\(pair.event.occurrence)"])
        }
    }
}
