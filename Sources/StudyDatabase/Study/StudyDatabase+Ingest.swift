package import CareModel
import Foundation
import RegimenFoundation

extension StudyDatabase {
    /// The labels of every participant of the study (to tell an export folder's unknown labels apart).
    package func participantLabels() async throws(StudyDatabaseError) -> Set<String> {
        try await ParticipantTable.labels(studyID: studyID, connection)
    }

    /// Participant `label`, ready to ingest for: enrolled and not withdrawn.
    package func ingestParticipant(label: String) async throws(StudyDatabaseError) -> Participant {
        guard let participant = try await ParticipantTable.find(label: label, studyID: studyID, connection) else {
            throw .participantNotFound(label: label)
        }
        try Self.checkIngestable(participant)
        return participant
    }

    private static func checkIngestable(_ participant: Participant) throws(StudyDatabaseError) {
        if let withdrawn = participant.withdrawnAt {
            throw .participantWithdrawn(label: participant.label, withdrawnAt: withdrawn)
        }
    }

    /// Stores `items` for `participant` in one transaction with local ingest's rules (`IngestLedger`;
    /// docs/study-database.md, "Ingest"): the participant's row is locked, what the items need is read in a few
    /// queries, every item is decided in memory, and the rows are written with two COPYs and at most two UPDATEs, each
    /// new row numbered by the participant's `server_seq`. Returns each item's report or refusal, in `items`' order;
    /// a refused item writes nothing. A failure rolls the whole transaction back.
    package func ingest(
        _ items: [StudyIngestItem], for participant: Participant
    ) async throws(StudyDatabaseError) -> [Result<IngestReport, StudyIngestRefusal>] {
        guard !items.isEmpty else { return [] }
        let operation = "ingest results for participant \(participant.label)"
        let studyID = studyID
        do {
            return try await connection.transaction(operation) { connection in
                let results = try await Self.ingest(items, participant: participant, connection)
                let stored = results.count { if case .success = $0 { true } else { false } }
                try await AuditEventTable.insert(
                    studyID: studyID, actor: nil, action: "ingest", deviceID: nil,
                    detail: "participant \(participant.label): \(stored) of \(items.count) results stored", connection)
                return results
            }
        } catch let error as StudyDatabaseError {
            throw error
        } catch {
            throw .failed(operation: operation, sqlState: nil, detail: String(describing: error))
        }
    }

    /// The body of `ingest`'s transaction.
    private static func ingest(
        _ items: [StudyIngestItem], participant named: Participant, _ connection: StudyConnection
    ) async throws -> [Result<IngestReport, StudyIngestRefusal>] {
        // Read again under the lock: a withdrawal committed since the caller looked is seen here.
        guard let (participant, firstSeq) = try await ParticipantTable.lock(id: named.id, connection) else {
            throw StudyDatabaseError.participantNotFound(label: named.label)
        }
        try checkIngestable(participant)
        let calendar = participant.calendar
        var results = [Result<IngestReport, StudyIngestRefusal>?](repeating: nil, count: items.count)
        for (index, item) in items.enumerated() {
            if let field = nulField(of: item) { results[index] = .failure(.nulCharacter(field: field)) }
        }
        let taskIDs = Array(Set(items.map(\.ingest.taskID)))
        let versions = try await TaskVersionTable.versions(participantID: participant.id, taskIDs: taskIDs, connection)
        var firstDays: [String: Date] = [:]
        for (taskID, chain) in versions {
            if let start = chain.map(\.schedule.startDate).min() { firstDays[taskID] = calendar.startOfDay(for: start) }
        }
        for (index, item) in items.enumerated() where results[index] == nil {
            if let first = firstDays[item.ingest.taskID], item.ingest.day.start < first {
                results[index] = .failure(.beforeSchedule(taskID: item.ingest.taskID, firstDay: first))
            }
        }
        // Decided in order of task and run end, as local ingest does: neighboring events, the later run last.
        let order = items.indices.filter { results[$0] == nil }.sorted {
            (items[$0].ingest.taskID, items[$0].ingest.runEndDate, $0) < (
                items[$1].ingest.taskID, items[$1].ingest.runEndDate, $1
            )
        }
        let syncIDs = Array(Set(order.map { items[$0].ingest.syncID }))
        let source = ParticipantLedgerSource(
            versions: versions,
            syncRows: try await OutcomeTable.newestRows(participantID: participant.id, syncIDs: syncIDs, connection),
            holders: try await OutcomeTable.liveHolders(
                participantID: participant.id, taskVersions: versions.values.flatMap { $0.map(\.uuid) }, connection))
        var ledger = try IngestLedger(items: order.map { items[$0].ingest }[...], source: source)
        var seq = firstSeq
        var uuids = TimeOrderedUUIDs()
        for index in order {
            let item = items[index]
            do {
                let decision = try ledger.ingest(item.ingest, newUUID: uuids.make(at: item.ingest.createdDate))
                for write in decision.writes {
                    if case .insert = write { seq += 1 }
                    ledger.source.apply(
                        write, recordedUTCOffset: item.recordedUTCOffset, recordedTimeZone: item.recordedTimeZone,
                        serverSeq: seq)
                }
                results[index] = .success(decision.report)
            } catch let refusal as IngestRefusal {
                results[index] = .failure(.rules(refusal))
            }
        }
        let last = try await write(ledger.source, participantID: participant.id, nextSeq: seq + 1, connection)
        if last != firstSeq { try await ParticipantTable.setServerSeq(id: participant.id, to: last, connection) }
        // Every item was refused above or decided in the loop.
        return zip(results, items).map { $0 ?? .failure(.rules(.taskNotFound(id: $1.ingest.taskID))) }
    }

    /// Writes what the ledger decided: ends first (the one-live-outcome-per-event index sees each event's old holder
    /// ended before its new one arrives), numbered from `nextSeq` on so that devices pull them, then the new rows and
    /// their values. Returns the last `server_seq` given.
    private static func write(
        _ source: ParticipantLedgerSource, participantID: UUID, nextSeq: Int64, _ connection: StudyConnection
    ) async throws -> Int64 {
        let last = try await OutcomeTable.end(
            source.ends, relabel: source.relabels, participantID: participantID, nextSeq: nextSeq, connection)
        var outcomes = CopyTextRows()
        var values = CopyTextRows()
        for row in source.newRows {
            OutcomeTable.append(row, participantID: participantID, to: &outcomes)
            OutcomeValueTable.append(valuesOf: row.outcome, to: &values)
        }
        try await connection.copy(outcomes, into: "outcome", columns: OutcomeTable.copyColumns, "store outcomes")
        try await connection.copy(
            values, into: "outcome_value", columns: OutcomeValueTable.copyColumns, "store outcome values")
        return last
    }

    /// The first text of `item` holding U+0000 (PostgreSQL's text cannot), by name; nil when there is none.
    private static func nulField(of item: StudyIngestItem) -> String? {
        // A named one only: the default, a task run UUID's text, holds none.
        if UnstorableText.holdsNul(item.ingest.namedSyncID) { return "userInfo.syncIdentifier" }
        if UnstorableText.holdsNul(item.ingest.resultFile) { return "the file's path" }
        if UnstorableText.holdsNul(item.recordedTimeZone) { return "the recorded time zone" }
        return UnstorableText.field(in: item.ingest.values)
    }
}
