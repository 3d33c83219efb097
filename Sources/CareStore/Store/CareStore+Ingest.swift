import Foundation
import GRDB

extension CareStore {
    /// Stores one recorded result idempotently, deciding in one transaction (see `ingest(_:)` for the rules).
    public func ingest(_ item: OutcomeIngest) throws(CareStoreError) -> IngestReport {
        guard let result = try ingest([item]).first else {
            throw .database(operation: "ingest outcome", reason: "no result")
        }
        return try result.get()
    }

    /// Stores recorded results idempotently, all in one write transaction, each in its own savepoint (a failing item
    /// leaves nothing behind and does not stop the others). Per item, looking at the newest outcome row with its
    /// `syncID` (live, replaced, deleted or superseded):
    ///
    /// - same version → `.unchanged`; lower version → `.olderVersion` (ignored);
    /// - higher version → `.replaced`: a new version with the same outcome id (the old live one ends as replaced);
    /// - none → `.added`.
    ///
    /// The event is the task's event starting in `item.day` — the last one starting at or before `runEndDate`, else the
    /// first. When another run's outcome holds that event, the run that ended later (ties: the greater sync id) holds
    /// it and the other outcome is kept as superseded (`supersededOutcomes`), never lost. Every write is recorded in the
    /// change feed by the store's triggers.
    public func ingest(_ items: [OutcomeIngest]) throws(CareStoreError) -> [Result<IngestReport, CareStoreError>] {
        try write("ingest outcomes") { [taskCache] db in
            var chains: [String: VersionChain] = [:]
            var results: [Result<IngestReport, CareStoreError>] = []
            results.reserveCapacity(items.count)
            for item in items {
                var report: IngestReport?
                do {
                    try db.inSavepoint {
                        report = try Self.ingestOne(item, chains: &chains, cache: taskCache, db)
                        return .commit
                    }
                    if let report {
                        results.append(.success(report))
                    } else {
                        results.append(.failure(.database(operation: "ingest outcome", reason: "no report")))
                    }
                } catch let error as CareStoreError {
                    results.append(.failure(error))
                } catch {
                    results.append(.failure(.database(operation: "ingest outcome", reason: "\(error)")))
                }
            }
            return results
        }
    }

    /// Outcomes that lost their event to a run that ended later (and were not replaced since), oldest first,
    /// optionally only of task `taskID`.
    public func supersededOutcomes(taskID: String? = nil) throws(CareStoreError) -> [Outcome] {
        var condition = """
            o.endReason = 'superseded' AND NOT EXISTS (SELECT 1 FROM outcome n WHERE n.id = o.id AND n.seq > o.seq)
            """
        var arguments = StatementArguments()
        if let taskID {
            condition += " AND o.taskUUID IN (SELECT uuid FROM task WHERE id = ?)"
            arguments += [taskID]
        }
        return try read("fetch superseded outcomes") { [condition, arguments] db in
            try OutcomeRecord.fetch(where: condition, arguments: arguments, includeEnded: true, db)
        }
    }

    private static func ingestOne(
        _ item: OutcomeIngest, chains: inout [String: VersionChain], cache: TaskCache, _ db: Database
    ) throws -> IngestReport {
        var outcomeID = UUID().uuidString
        var disposition = IngestDisposition.added
        var previousLive: String?
        let existing = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT uuid, id, syncVersion, deletedDate, taskUUID, occurrence FROM outcome
                WHERE syncID = ? ORDER BY seq DESC LIMIT 1
                """),
            arguments: [item.syncID])
        if let existing {
            guard let uuidText: String = existing["uuid"], let uuid = UUID(uuidString: uuidText),
                let taskText: String = existing["taskUUID"], let taskUUID = UUID(uuidString: taskText),
                let id: String = existing["id"], let stored: Int = existing["syncVersion"], let occurrence: Int = existing["occurrence"]
            else { throw CareStoreError.corruptRow(table: "outcome", column: "uuid/id/syncVersion", reason: "missing") }
            if item.syncVersion <= stored {
                return IngestReport(
                    disposition: item.syncVersion == stored ? .unchanged : .olderVersion(stored: stored, offered: item.syncVersion),
                    outcomeUUID: uuid, taskVersionUUID: taskUUID, occurrence: occurrence)
            }
            outcomeID = id
            disposition = .replaced(previousVersion: stored)
            if (existing["deletedDate"] as Double?) == nil { previousLive = uuidText }
        }
        let chain: VersionChain
        if let known = chains[item.taskID] {
            chain = known
        } else {
            chain = VersionChain(versions: try TaskRecord.versions(id: item.taskID, db, cache: cache))
            chains[item.taskID] = chain
        }
        guard chain.tip != nil else { throw CareStoreError.taskNotFound(id: item.taskID) }
        guard !chain.isDeleted else { throw CareStoreError.taskDeleted(id: item.taskID) }
        let candidates = chain.events(from: item.day.start, to: item.day.end)
            .filter { $0.event.start >= item.day.start && $0.event.start < item.day.end }
        guard let chosen = candidates.last(where: { $0.event.start <= item.runEndDate }) ?? candidates.first else {
            throw CareStoreError.noEventOnDay(taskID: item.taskID, dayStart: item.day.start)
        }
        var outcome = Outcome(
            id: outcomeID, taskVersionUUID: chosen.task.uuid, occurrence: chosen.event.occurrence, values: item.values,
            createdDate: item.createdDate, taskRunUUID: item.taskRunUUID, resultFile: item.resultFile,
            eventStart: chosen.event.start, eventEnd: chosen.event.end)
        outcome.syncID = item.syncID
        outcome.syncVersion = item.syncVersion
        outcome.runEndDate = item.runEndDate
        var superseded: SupersededOutcome?
        var previousEnds = OutcomeEndReason.replaced
        if let holder = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT uuid, syncID, runEndDate, createdDate FROM outcome
                WHERE taskUUID = ? AND occurrence = ? AND deletedDate IS NULL AND uuid IS NOT ?
                """),
            arguments: [chosen.task.uuid.uuidString, chosen.event.occurrence, previousLive])
        {
            guard let holderText: String = holder["uuid"], let holderUUID = UUID(uuidString: holderText),
                let holderEnd: Double = holder["runEndDate"] ?? holder["createdDate"]
            else { throw CareStoreError.corruptRow(table: "outcome", column: "uuid/createdDate", reason: "missing") }
            let holderSync: String? = holder["syncID"]
            let ingestedWins = (item.runEndDate.timeIntervalSinceReferenceDate, item.syncID) > (holderEnd, holderSync ?? "")
            if ingestedWins {
                try endOutcome(uuid: holderText, at: item.createdDate, reason: .superseded, db)
                superseded = SupersededOutcome(uuid: holderUUID, syncID: holderSync, isIngested: false)
            } else {
                outcome.deletedDate = item.createdDate
                outcome.endReason = .superseded
                superseded = SupersededOutcome(uuid: outcome.uuid, syncID: item.syncID, isIngested: true)
                // The new version lost its event: the old version is no longer current either, and the feed says so.
                previousEnds = .superseded
            }
        }
        if let previousLive { try endOutcome(uuid: previousLive, at: item.createdDate, reason: previousEnds, db) }
        try OutcomeRecord.insert(outcome, db)
        return IngestReport(
            disposition: disposition, outcomeUUID: outcome.uuid, taskVersionUUID: chosen.task.uuid,
            occurrence: chosen.event.occurrence, superseded: superseded)
    }
}
