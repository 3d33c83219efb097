import CareModel
import Foundation
import GRDB
import RegimenFoundation

/// The state of one `CareStore.ingest` transaction: what the store holds for the batch's sync identifiers and events,
/// read with a few range queries up front and kept current in memory as items are stored, and each task's events over
/// the batch's days computed once (per-item queries and schedule walks cost more than the inserts themselves).
struct IngestBatch {
    /// The newest row of a sync identifier.
    struct SyncRow {
        var uuid: String
        var id: String
        var version: Int
        var live: Bool
        var superseded: Bool
        var taskUUID: String
        var occurrence: Int
    }

    /// The live outcome of an event.
    struct Holder {
        var uuid: String
        var syncID: String?
        var end: Double
    }

    /// One event of a task version, with the version's uuid text (the `taskUUID` column).
    struct VersionEvent {
        var task: CareTask
        var taskText: String
        var event: ScheduleEvent
    }

    /// An event: task version uuid text and occurrence.
    struct EventKey: Hashable {
        var task: String
        var occurrence: Int
    }

    /// A task's chain and its events over the batch's days, sorted by start.
    struct TaskEvents {
        var chain: VersionChain
        var events: [VersionEvent]
        var uuidText: [UUID: String]
        var covered: DateInterval?
    }

    private var syncRows: [String: SyncRow] = [:]
    /// Row UUIDs of new outcomes.
    private var uuids = RandomUUIDs()
    /// New outcome rows not written yet (multi-row inserts); flushed before any other write or read of `outcome`.
    private var rows = OutcomeRowBuffer()
    private var holders: [EventKey: Holder] = [:]
    private var tasks: [String: TaskEvents] = [:]
    /// Days spanned beyond which a task's events are computed per item instead of once for the batch.
    private static let maximumSpan: TimeInterval = 4_000 * 86_400
    /// The page cache during an ingest transaction, in KiB.
    static let cacheKiB = 4_096

    init(items: [OutcomeIngest], cache: TaskCache, _ db: Database) throws {
        // A few MiB of pages, not the whole store: new table rows fill pages in order, so a full page spilled to the
        // WAL in the middle of the transaction is not touched again, and the indexes' pages (a few hundred for 10,000
        // outcomes) fit. A cache holding the store would make ingest's memory grow with the store.
        try db.execute(sql: "PRAGMA cache_size = -\(Self.cacheKiB)")
        try loadSyncRows(Array(Set(items.map(\.syncID))), db)
        for (taskID, group) in Dictionary(grouping: items, by: \.taskID) {
            let chain = VersionChain(versions: try TaskRecord.versions(id: taskID, db, cache: cache))
            var entry = TaskEvents(
                chain: chain, events: [], uuidText: Dictionary(uniqueKeysWithValues: chain.versions.map { ($0.uuid, $0.uuid.text) }),
                covered: nil)
            if let low = group.map(\.day.start).min(), let high = group.map(\.day.end).max(), high > low,
                high.timeIntervalSince(low) <= Self.maximumSpan, chain.tip != nil, !chain.isDeleted
            {
                entry.events = Self.versionEvents(chain.events(from: low, to: high), texts: entry.uuidText)
                    .sorted { $0.event.start < $1.event.start }
                entry.covered = DateInterval(start: low, end: high)
                try loadHolders(of: entry.events, db)
            }
            tasks[taskID] = entry
        }
    }

    /// Sync identifiers looked up per statement (the last chunk is padded by repeating its first identifier, so one
    /// cached statement serves every lookup).
    private static let syncLookupSize = 256
    private static let syncLookupSQL = """
        SELECT syncID, uuid, id, syncVersion, deletedDate, endReason, taskUUID, occurrence FROM outcome
        WHERE syncID IN (\(Array(repeating: "?", count: syncLookupSize).joined(separator: ","))) ORDER BY seq
        """

    /// Reads the newest row of each of `syncIDs` (rows come oldest first, so later ones overwrite earlier ones).
    private mutating func loadSyncRows(_ syncIDs: [String], _ db: Database) throws {
        var start = 0
        while start < syncIDs.count {
            let chunk = syncIDs[start..<min(syncIDs.count, start + Self.syncLookupSize)]
            start += chunk.count
            let statement = try db.cachedStatement(sql: Self.syncLookupSQL)
            statement.setUncheckedArguments(StatementArguments())
            for index in 0..<Self.syncLookupSize {
                let text = index < chunk.count ? chunk[chunk.startIndex + index] : chunk[chunk.startIndex]
                let code = text.bind(to: statement.sqliteStatement, at: CInt(index + 1))
                guard code == 0 else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind a sync identifier")
                }
            }
            for row in try Row.fetchAll(statement) {
                guard let sync: String = row[0], let uuid: String = row[1], let id: String = row[2],
                    let version: Int = row[3], let taskUUID: String = row[6], let occurrence: Int = row[7]
                else { throw CareStoreError.corruptRow(table: "outcome", column: "syncID/uuid/id", reason: "missing") }
                syncRows[sync] = SyncRow(
                    uuid: uuid, id: id, version: version, live: (row[4] as Double?) == nil,
                    superseded: (row[5] as String?) == OutcomeEndReason.superseded.rawValue, taskUUID: taskUUID,
                    occurrence: occurrence)
            }
        }
    }

    /// `events` with each version's uuid text.
    private static func versionEvents(
        _ events: [(task: CareTask, event: ScheduleEvent)], texts: [UUID: String]
    ) -> [VersionEvent] {
        var last: (uuid: UUID, text: String)?
        return events.map { pair in
            if let last, last.uuid == pair.task.uuid { return VersionEvent(task: pair.task, taskText: last.text, event: pair.event) }
            let text = texts[pair.task.uuid] ?? pair.task.uuid.text
            last = (pair.task.uuid, text)
            return VersionEvent(task: pair.task, taskText: text, event: pair.event)
        }
    }

    /// Reads the live outcomes of `events`: per task version, one range of occurrences through the one-live-per-event
    /// index (the events of a version over a span of days have consecutive occurrences).
    private mutating func loadHolders(of events: [VersionEvent], _ db: Database) throws {
        var ranges: [String: ClosedRange<Int>] = [:]
        for item in events {
            let occurrence = item.event.occurrence
            if let range = ranges[item.taskText] {
                ranges[item.taskText] = min(range.lowerBound, occurrence)...max(range.upperBound, occurrence)
            } else {
                ranges[item.taskText] = occurrence...occurrence
            }
        }
        let statement = try db.cachedStatement(sql: """
            SELECT occurrence, uuid, syncID, runEndDate, createdDate FROM outcome
            WHERE taskUUID = ? AND occurrence BETWEEN ? AND ? AND deletedDate IS NULL
            """)
        for (task, range) in ranges {
            for row in try Row.fetchAll(statement, arguments: [task, range.lowerBound, range.upperBound]) {
                guard let occurrence: Int = row[0], let uuid: String = row[1], let end: Double = row[3] ?? row[4] else { continue }
                holders[EventKey(task: task, occurrence: occurrence)] = Holder(uuid: uuid, syncID: row[2], end: end)
            }
        }
    }

    /// The event `item` belongs to: of the task's events starting in its day, the last one starting at or before the
    /// run's end, else the first. A day where no event starts still has the events that began before it and last into
    /// it (docs/schedules.md); they are the candidates then, as for `regimen run`.
    private mutating func event(for item: OutcomeIngest, _ db: Database) throws -> VersionEvent {
        guard let entry = tasks[item.taskID], entry.chain.tip != nil else { throw CareStoreError.taskNotFound(id: item.taskID) }
        guard !entry.chain.isDeleted else { throw CareStoreError.taskDeleted(id: item.taskID) }
        var candidates: ArraySlice<VersionEvent>
        if let covered = entry.covered, covered.start <= item.day.start, item.day.end <= covered.end {
            let first = entry.events.partitioningIndex { $0.event.start >= item.day.start }
            let end = entry.events[first...].partitioningIndex { $0.event.start >= item.day.end }
            candidates = entry.events[first..<end]
            if candidates.isEmpty {
                candidates = entry.events[..<first].filter { $0.event.end >= item.day.start }[...]
            }
        } else {
            let overlapping = Self.versionEvents(entry.chain.events(from: item.day.start, to: item.day.end), texts: entry.uuidText)
            let starting = overlapping.filter { $0.event.start >= item.day.start && $0.event.start < item.day.end }
            candidates = (starting.isEmpty ? overlapping : starting)[...]
            try rows.flush(db)
            try loadHolders(of: Array(candidates), db)
        }
        guard let chosen = candidates.last(where: { $0.event.start <= item.runEndDate }) ?? candidates.first else {
            throw CareStoreError.noEventOnDay(taskID: item.taskID, dayStart: item.day.start)
        }
        return chosen
    }

    /// Writes the rows still queued; the batch's last call before its transaction commits.
    mutating func finish(_ db: Database) throws {
        try rows.flush(db)
    }

    /// Decides and stores one item (see `CareStore.ingest(_:)`). Every check comes before the first write (new rows
    /// are queued and written in multi-row statements, in order; `finish` writes the last ones).
    mutating func ingest(_ item: OutcomeIngest, _ db: Database) throws -> IngestReport {
        let newUUID = uuids.make()
        let newText = newUUID.text
        var outcomeID = newText
        var disposition = IngestDisposition.added
        let existing = syncRows[item.syncID]
        if let existing {
            guard let uuid = UUID(uuidString: existing.uuid), let taskUUID = UUID(uuidString: existing.taskUUID) else {
                throw CareStoreError.corruptRow(table: "outcome", column: "uuid/taskUUID", reason: "not a UUID")
            }
            if item.syncVersion <= existing.version {
                return IngestReport(
                    disposition: item.syncVersion == existing.version
                        ? .unchanged : .olderVersion(stored: existing.version, offered: item.syncVersion),
                    outcomeUUID: uuid, taskVersionUUID: taskUUID, occurrence: existing.occurrence)
            }
            outcomeID = existing.id
            disposition = .replaced(previousVersion: existing.version)
        }
        let chosen = try event(for: item, db)
        let key = EventKey(task: chosen.taskText, occurrence: chosen.event.occurrence)
        var outcome = Outcome(
            uuid: newUUID, id: outcomeID, taskVersionUUID: chosen.task.uuid, occurrence: chosen.event.occurrence,
            values: item.values, createdDate: item.createdDate, taskRunUUID: item.taskRunUUID, resultFile: item.resultFile,
            eventStart: chosen.event.start, eventEnd: chosen.event.end)
        outcome.syncID = item.syncID
        outcome.syncVersion = item.syncVersion
        outcome.runEndDate = item.runEndDate
        let previousLive = existing.flatMap { $0.live ? $0 : nil }
        var superseded: SupersededOutcome?
        var previousEnds = OutcomeEndReason.replaced
        if let holder = holders[key], holder.uuid != previousLive?.uuid {
            guard let holderUUID = UUID(uuidString: holder.uuid) else {
                throw CareStoreError.corruptRow(table: "outcome", column: "uuid", reason: "not a UUID")
            }
            let ingestedWins = (item.runEndDate.timeIntervalSinceReferenceDate, item.syncID) > (holder.end, holder.syncID ?? "")
            if ingestedWins {
                try rows.flush(db)
                try CareStore.endOutcome(uuid: holder.uuid, at: item.createdDate, reason: .superseded, db)
                superseded = SupersededOutcome(uuid: holderUUID, syncID: holder.syncID, isIngested: false)
                if let sync = holder.syncID, syncRows[sync]?.uuid == holder.uuid {
                    syncRows[sync]?.live = false
                    syncRows[sync]?.superseded = true
                }
            } else {
                outcome.deletedDate = item.createdDate
                outcome.endReason = .superseded
                superseded = SupersededOutcome(uuid: outcome.uuid, syncID: item.syncID, isIngested: true)
                // The new version lost its event: the old version is no longer current either, and the feed says so.
                previousEnds = .superseded
            }
        }
        if let previousLive {
            try rows.flush(db)
            try CareStore.endOutcome(uuid: previousLive.uuid, at: item.createdDate, reason: previousEnds, db)
            holders.removeValue(forKey: EventKey(task: previousLive.taskUUID, occurrence: previousLive.occurrence))
        } else if let existing, existing.superseded {
            // No longer the current version of its outcome: `supersededOutcomes` lists only current versions.
            try rows.flush(db)
            try db.cachedStatement(sql: "UPDATE outcome SET endReason = 'replaced' WHERE uuid = ?").execute(arguments: [existing.uuid])
        }
        try rows.append(outcome, uuid: newText, taskUUID: chosen.taskText, db)
        if outcome.deletedDate == nil {
            holders[key] = Holder(uuid: newText, syncID: item.syncID, end: item.runEndDate.timeIntervalSinceReferenceDate)
        }
        syncRows[item.syncID] = SyncRow(
            uuid: newText, id: outcomeID, version: item.syncVersion, live: outcome.deletedDate == nil,
            superseded: outcome.deletedDate != nil, taskUUID: chosen.taskText, occurrence: chosen.event.occurrence)
        return IngestReport(
            disposition: disposition, outcomeUUID: newUUID, taskVersionUUID: chosen.task.uuid,
            occurrence: chosen.event.occurrence, superseded: superseded)
    }
}

extension Array {
    /// The first index whose element satisfies `belongs` (which must be false then true along the array).
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
