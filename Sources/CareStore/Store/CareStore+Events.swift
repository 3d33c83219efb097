public import CareModel
public import Foundation
import GRDB

extension CareStore {
    /// The events of task `taskID` in [start, end) across its versions (docs/carekit-store.md, "Events across
    /// versions"), outcomes attached.
    public func events(taskID: String, from start: Date, to end: Date) throws(CareStoreError) -> [Event] {
        guard start <= end else { throw .invalidInterval(from: start, to: end) }
        return try read("fetch events") { db in
            try Self.events(
                of: [VersionChain(versions: try TaskRecord.versions(id: taskID, db, cache: taskCache))], from: start,
                to: end, db)
        }
    }

    /// The events of every task in [start, end) (docs/carekit-store.md, "Events across versions"), sorted by (start,
    /// task uuid, occurrence).
    public func events(from start: Date, to end: Date) throws(CareStoreError) -> [Event] {
        guard start <= end else { throw .invalidInterval(from: start, to: end) }
        return try read("fetch events") { db in
            try Self.events(
                of: try TaskRecord.allVersions(db, cache: taskCache).map(VersionChain.init), from: start, to: end, db)
        }
    }

    /// The care feed's reads of one day, in one transaction: the events of every task in [start, end), as
    /// `events(from:to:)` returns them; the adherence from `start` to `adherenceEnd`, as `adherence(from:to:calendar:)`
    /// returns it, counted from the events just fetched rather than fetching them again; and the ids of the tasks among
    /// those events that do not count towards adherence and have had an outcome (`hasOutcome(taskID:)`); and, for a
    /// store enrolled in a study, when it was enrolled and last synced (for the feed's reminder).
    package func feedDay(
        from start: Date, to end: Date, adherenceEnd: Date, calendar: Calendar
    ) throws(CareStoreError) -> (
        events: [Event], adherence: [Adherence], doneOneOffs: [String], syncStanding: (enrolled: Date, lastSync: Date?)?
    ) {
        guard start <= end else { throw .invalidInterval(from: start, to: end) }
        guard start <= adherenceEnd else { throw .invalidInterval(from: start, to: adherenceEnd) }
        return try read("fetch the care feed") { db in
            let chains = try TaskRecord.allVersions(db, cache: taskCache).map(VersionChain.init)
            let events = try Self.events(of: chains, from: start, to: end, db)
            let adherence = try Self.adherence(
                of: chains, from: start, to: adherenceEnd, calendar: calendar, known: events, db)
            var checked: [String] = []
            var done: [String] = []
            for event in events where !event.task.impactsAdherence && !checked.contains(event.task.id) {
                checked.append(event.task.id)
                if try Self.hasOutcome(taskID: event.task.id, db) { done.append(event.task.id) }
            }
            return (events, adherence, done, try Self.syncStanding(db))
        }
    }

    /// The events of `chains` in [start, end) with their live outcomes (`ChainEvents` decides which to fetch).
    static func events(of chains: [VersionChain], from start: Date, to end: Date, _ db: Database) throws -> [Event] {
        try events(of: ChainEvents(chains: chains, from: start, to: end), db)
    }

    /// `events` with their live outcomes: per task version, bounded walks of the one-live-per-event index over its
    /// occurrence range, however many outcomes the store holds outside the window.
    static func events(of events: ChainEvents, _ db: Database) throws -> [Event] {
        guard !events.pairs.isEmpty else { return [] }
        return events.events(outcomes: try OutcomeRecord.fetchLive(occurrences: events.occurrenceRanges, db))
    }
}
