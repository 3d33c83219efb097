import Foundation
import RegimenFoundation

/// What an `IngestLedger` keeps in memory and how it decides, apart from its source: not generic, so its code and
/// types are compiled once for all sources (inside a generic type, every nested value's layout is looked up at run
/// time, which made a bulk ingest cost a tenth more).
struct IngestLedgerState {
    /// One event of a task version (its uuid: a whole task copied per event cost a tenth of a batch's first reads).
    struct VersionEvent {
        var taskVersion: UUID
        var event: ScheduleEvent
    }

    /// The events of `chain` in [start, end), each with its version's uuid.
    static func events(of chain: VersionChain, from start: Date, to end: Date) -> [VersionEvent] {
        chain.versionEvents(from: start, to: end).map {
            VersionEvent(taskVersion: chain.versions[$0.version].uuid, event: $0.event)
        }
    }

    /// A task's chain and its events over the batch's days, sorted by start.
    struct TaskEvents {
        var chain: VersionChain
        var events: [VersionEvent]
        var covered: DateInterval?
    }

    private var syncRows: [String: StoredSyncRow]
    var holders: [EventKey: EventHolder] = [:]
    var tasks: [String: TaskEvents] = [:]
    /// Days spanned beyond which a task's events are computed per item instead of once for the batch.
    private static let maximumSpan: TimeInterval = 4_000 * 86_400

    /// Reads what `source` holds for `items`: the newest row of each sync identifier, each task's chain, and (when a
    /// task's items span at most ~4,000 days) its events over their days and the outcomes holding them.
    init(items: ArraySlice<OutcomeIngest>, source: inout some IngestLedgerSource) throws {
        syncRows = try source.newestOutcomes(syncIDs: Array(Set(items.map(\.syncID))))
        // Each item adds at most one row and one holder: sized once, never rehashed while deciding.
        syncRows.reserveCapacity(syncRows.count + items.count)
        holders.reserveCapacity(items.count)
        // Each task's days, in one pass that copies no item.
        var spans: [String: (low: Date, high: Date)] = [:]
        for item in items {
            let day = item.day
            spans[item.taskID] =
                spans[item.taskID].map { (min($0.low, day.start), max($0.high, day.end)) }
                ?? (day.start, day.end)
        }
        for (taskID, span) in spans {
            let chain = VersionChain(versions: try source.taskVersions(id: taskID))
            var entry = TaskEvents(chain: chain, events: [], covered: nil)
            let (low, high) = span
            if high > low, high.timeIntervalSince(low) <= Self.maximumSpan, chain.tip != nil, !chain.isDeleted {
                entry.events = Self.events(of: chain, from: low, to: high)
                    .sorted { $0.event.start < $1.event.start }
                entry.covered = DateInterval(start: low, end: high)
                try loadHolders(of: entry.events, source: &source)
            }
            tasks[taskID] = entry
        }
    }

    /// `IngestLedger.ingest`, reading from `source` when the item's day lies outside the preloaded days.
    mutating func ingest(
        _ item: OutcomeIngest, newUUID: UUID, source: inout some IngestLedgerSource
    ) throws -> (report: IngestReport, writes: [IngestWrite]) {
        var outcomeID: String?
        var disposition = IngestDisposition.added
        // Read once: a default sync identifier is made from the run's UUID each time it is read.
        let syncID = item.syncID
        let existing = syncRows[syncID]
        if let existing {
            if item.syncVersion <= existing.version {
                let report = IngestReport(
                    disposition: item.syncVersion == existing.version
                        ? .unchanged : .olderVersion(stored: existing.version, offered: item.syncVersion),
                    outcomeUUID: existing.uuid, taskVersionUUID: existing.taskVersionUUID,
                    occurrence: existing.occurrence)
                return (report, [])
            }
            outcomeID = existing.id
            disposition = .replaced(previousVersion: existing.version)
        }
        let chosen = try event(for: item, source: &source)
        let key = EventKey(task: chosen.taskVersion, occurrence: chosen.event.occurrence)
        var outcome = Outcome(
            uuid: newUUID, id: outcomeID ?? newUUID.text, taskVersionUUID: chosen.taskVersion,
            occurrence: chosen.event.occurrence, values: item.values, createdDate: item.createdDate,
            taskRunUUID: item.taskRunUUID, resultFile: item.resultFile, eventStart: chosen.event.start,
            eventEnd: chosen.event.end, syncID: syncID)
        outcome.syncVersion = item.syncVersion
        outcome.runEndDate = item.runEndDate
        var writes: [IngestWrite] = []
        let previousLive = existing.flatMap { $0.live ? $0 : nil }
        var superseded: SupersededOutcome?
        var previousEnds = OutcomeEndReason.replaced
        if let holder = holders[key], holder.uuid != previousLive?.uuid {
            // The run that ended later holds the event; ties go to the greater sync identifier.
            if (item.runEndDate, syncID) > (holder.runEnd, holder.syncID ?? "") {
                writes.append(.end(uuid: holder.uuid, at: item.createdDate, reason: .superseded))
                superseded = SupersededOutcome(uuid: holder.uuid, syncID: holder.syncID, isIngested: false)
                if let sync = holder.syncID, syncRows[sync]?.uuid == holder.uuid {
                    syncRows[sync]?.live = false
                    syncRows[sync]?.superseded = true
                }
            } else {
                outcome.deletedDate = item.createdDate
                outcome.endReason = .superseded
                superseded = SupersededOutcome(uuid: outcome.uuid, syncID: syncID, isIngested: true)
                // The new version lost its event: the old version is no longer current either, and the feed says so.
                previousEnds = .superseded
            }
        }
        if let previousLive {
            writes.append(.end(uuid: previousLive.uuid, at: item.createdDate, reason: previousEnds))
            holders.removeValue(
                forKey: EventKey(task: previousLive.taskVersionUUID, occurrence: previousLive.occurrence))
        } else if let existing, existing.superseded {
            // No longer the current version of its outcome: `supersededOutcomes` lists only current versions.
            writes.append(.markReplaced(uuid: existing.uuid))
        }
        writes.append(.insert(outcome))
        if outcome.deletedDate == nil {
            holders[key] = EventHolder(uuid: newUUID, syncID: syncID, runEnd: item.runEndDate)
        }
        syncRows[syncID] = StoredSyncRow(
            uuid: newUUID, id: outcome.id, version: item.syncVersion, live: outcome.deletedDate == nil,
            superseded: outcome.deletedDate != nil, taskVersionUUID: chosen.taskVersion,
            occurrence: chosen.event.occurrence)
        let report = IngestReport(
            disposition: disposition, outcomeUUID: newUUID, taskVersionUUID: chosen.taskVersion,
            occurrence: chosen.event.occurrence, superseded: superseded)
        return (report, writes)
    }
}
