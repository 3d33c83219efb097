import Foundation
import GRDB

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

    /// A task's chain and its events over the batch's days, sorted by start.
    struct TaskEvents {
        var chain: VersionChain
        var events: [(task: CareTask, event: ScheduleEvent)]
        var uuidText: [UUID: String]
        var covered: DateInterval?
    }

    private var syncRows: [String: SyncRow] = [:]
    private var holders: [String: Holder] = [:]
    private var tasks: [String: TaskEvents] = [:]
    /// Days spanned beyond which a task's events are computed per item instead of once for the batch.
    private static let maximumSpan: TimeInterval = 4_000 * 86_400

    init(items: [OutcomeIngest], cache: TaskCache, _ db: Database) throws {
        // Room for a whole batch's pages: a smaller cache spills to the WAL in the middle of the transaction.
        try db.execute(sql: "PRAGMA cache_size = -32768")
        let syncIDs = Array(Set(items.map(\.syncID)))
        var start = 0
        while start < syncIDs.count {
            let chunk = Array(syncIDs[start..<min(syncIDs.count, start + 500)])
            start += chunk.count
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT syncID, uuid, id, syncVersion, deletedDate, endReason, taskUUID, occurrence FROM outcome
                    WHERE syncID IN (\(marks)) ORDER BY seq
                    """,
                arguments: StatementArguments(chunk))
            for row in rows {
                guard let sync: String = row[0], let uuid: String = row[1], let id: String = row[2],
                    let version: Int = row[3], let taskUUID: String = row[6], let occurrence: Int = row[7]
                else { throw CareStoreError.corruptRow(table: "outcome", column: "syncID/uuid/id", reason: "missing") }
                syncRows[sync] = SyncRow(
                    uuid: uuid, id: id, version: version, live: (row[4] as Double?) == nil,
                    superseded: (row[5] as String?) == OutcomeEndReason.superseded.rawValue, taskUUID: taskUUID,
                    occurrence: occurrence)
            }
        }
        for (taskID, group) in Dictionary(grouping: items, by: \.taskID) {
            let chain = VersionChain(versions: try TaskRecord.versions(id: taskID, db, cache: cache))
            var entry = TaskEvents(
                chain: chain, events: [], uuidText: Dictionary(uniqueKeysWithValues: chain.versions.map { ($0.uuid, $0.uuid.text) }),
                covered: nil)
            if let low = group.map(\.day.start).min(), let high = group.map(\.day.end).max(), high > low,
                high.timeIntervalSince(low) <= Self.maximumSpan, chain.tip != nil, !chain.isDeleted
            {
                entry.events = chain.events(from: low, to: high).sorted { $0.event.start < $1.event.start }
                entry.covered = DateInterval(start: low, end: high)
                try loadHolders(of: entry, from: low, to: high, db)
            }
            tasks[taskID] = entry
        }
    }

    private mutating func loadHolders(of entry: TaskEvents, from low: Date, to high: Date, _ db: Database) throws {
        let versions = Set(entry.uuidText.values)
        // Events whose start lies in [low, high): eventStart < high and eventEnd >= low narrows with the time index.
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT taskUUID, occurrence, uuid, syncID, runEndDate, createdDate FROM outcome
                WHERE deletedDate IS NULL AND eventStart < ? AND eventEnd >= ?
                """,
            arguments: [high.timeIntervalSinceReferenceDate, low.timeIntervalSinceReferenceDate])
        for row in rows {
            guard let task: String = row[0], versions.contains(task), let occurrence: Int = row[1], let uuid: String = row[2],
                let end: Double = row[4] ?? row[5]
            else { continue }
            holders["\(task)#\(occurrence)"] = Holder(uuid: uuid, syncID: row[3], end: end)
        }
    }

    /// The event `item` belongs to: of the task's events starting in its day, the last one starting at or before the
    /// run's end, else the first.
    private mutating func event(for item: OutcomeIngest, _ db: Database) throws -> (task: CareTask, event: ScheduleEvent, taskText: String) {
        guard let entry = tasks[item.taskID], entry.chain.tip != nil else { throw CareStoreError.taskNotFound(id: item.taskID) }
        guard !entry.chain.isDeleted else { throw CareStoreError.taskDeleted(id: item.taskID) }
        let candidates: ArraySlice<(task: CareTask, event: ScheduleEvent)>
        if let covered = entry.covered, covered.start <= item.day.start, item.day.end <= covered.end {
            let first = entry.events.partitioningIndex { $0.event.start >= item.day.start }
            let end = entry.events[first...].partitioningIndex { $0.event.start >= item.day.end }
            candidates = entry.events[first..<end]
        } else {
            let computed = entry.chain.events(from: item.day.start, to: item.day.end)
                .filter { $0.event.start >= item.day.start && $0.event.start < item.day.end }
            candidates = computed[...]
            try loadHolders(of: entry, from: item.day.start, to: item.day.end, db)
        }
        guard let chosen = candidates.last(where: { $0.event.start <= item.runEndDate }) ?? candidates.first else {
            throw CareStoreError.noEventOnDay(taskID: item.taskID, dayStart: item.day.start)
        }
        return (chosen.task, chosen.event, entry.uuidText[chosen.task.uuid] ?? chosen.task.uuid.uuidString)
    }

    /// Decides and stores one item (see `CareStore.ingest(_:)`). Every check comes before the first write.
    mutating func ingest(_ item: OutcomeIngest, _ db: Database) throws -> IngestReport {
        let newUUID = UUID()
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
        let key = "\(chosen.taskText)#\(chosen.event.occurrence)"
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
            try CareStore.endOutcome(uuid: previousLive.uuid, at: item.createdDate, reason: previousEnds, db)
            holders.removeValue(forKey: "\(previousLive.taskUUID)#\(previousLive.occurrence)")
        } else if let existing, existing.superseded {
            // No longer the current version of its outcome: `supersededOutcomes` lists only current versions.
            try db.cachedStatement(sql: "UPDATE outcome SET endReason = 'replaced' WHERE uuid = ?").execute(arguments: [existing.uuid])
        }
        try OutcomeRecord.insert(outcome, db)
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
