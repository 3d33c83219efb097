package import CareModel
package import Foundation
import PostgresNIO

extension StudyDatabase {
    /// Pushes device `deviceID`'s outbox changes `changes` (in outbox order) in one transaction (docs/study-sync.md,
    /// "Push"): the device's and its participant's rows are locked; changes the server acknowledged before must be
    /// exactly the ones it recorded (else the store is a copy or a restored backup: `storeDiverged`, nothing changes);
    /// new versions and deletions are added, the conflict rule gives every version they touch its state, every stored
    /// row it looked at the next `server_seq` (ended rows first), the decisions are logged, and the device's
    /// acknowledged number, last sync and clock offset (`deviceNow` against the server's clock; nil for an imported
    /// bundle) are recorded. `outboxEnd` is the store's last outbox number: a store whose outbox ends before what the
    /// server acknowledged for the device is a restored backup or a copy, refused as `storeDiverged`. A push that told
    /// the study something new is recorded in the audit log, in its transaction, as `audit` (nothing when nil).
    package func push(
        _ changes: [DeviceChange], deviceID: UUID, outboxEnd: Int64, deviceNow: Date?, audit: AuditedAction? = nil
    ) async throws(StudyDatabaseError) -> PushReport {
        let studyID = studyID
        return try await Self.inTransaction(connection, "push outcomes") {
            connection async throws(StudyDatabaseError) in
            let report = try await Self.push(
                changes, deviceID: deviceID, studyID: studyID, outboxEnd: outboxEnd, deviceNow: deviceNow, connection)
            if let audit, report.applied > 0 {
                try await AuditEventTable.insert(
                    studyID: studyID, actor: audit.actor, action: audit.action, deviceID: deviceID,
                    detail: "\(report.applied) of \(changes.count) changes new, \(report.conflicts.count) conflicts",
                    connection)
            }
            return report
        }
    }

    /// The body of `push`'s transaction.
    private static func push(
        _ changes: [DeviceChange], deviceID: UUID, studyID: String, outboxEnd: Int64, deviceNow: Date?,
        _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> PushReport {
        guard let device = try await DeviceTable.lock(id: deviceID, studyID: studyID, connection) else {
            throw .deviceUnknown(deviceID: deviceID)
        }
        // The server acknowledged changes this store does not have: it was restored from a backup (or copied) after
        // them. Accepting its next changes under those numbers would lose them.
        if device.ackedSeq > outboxEnd { throw .storeDiverged(deviceID: deviceID, localSeq: outboxEnd + 1) }
        guard let (participant, firstSeq) = try await ParticipantTable.lock(id: device.participantID, connection) else {
            throw .deviceUnknown(deviceID: deviceID)
        }
        if let withdrawn = participant.withdrawnAt {
            throw .participantWithdrawn(label: participant.label, withdrawnAt: withdrawn)
        }
        let serverNow = try await serverClock(connection)
        let replayed = changes.filter { $0.localSeq <= device.ackedSeq }
        if let low = replayed.map(\.localSeq).min() {
            let recorded = try await DeviceChangeTable.changes(
                deviceID: deviceID, from: low, to: device.ackedSeq, connection)
            for change in replayed {
                guard let known = recorded[change.localSeq], known.uuid == change.outcomeUUID,
                    known.kind == change.kindName
                else {
                    throw .storeDiverged(deviceID: deviceID, localSeq: change.localSeq)
                }
            }
        }
        let fresh = changes.filter { $0.localSeq > device.ackedSeq }.sorted { $0.localSeq < $1.localSeq }
        let acknowledged = max(device.ackedSeq, changes.map(\.localSeq).max() ?? 0)
        let offset = deviceNow.map { Int64(($0.timeIntervalSince(serverNow) * 1000).rounded()) }
        guard !fresh.isEmpty else {
            try await DeviceTable.recordSync(
                id: deviceID, ackedSeq: acknowledged, clockOffsetMilliseconds: offset, connection)
            return PushReport(acknowledged: acknowledged, applied: 0, conflicts: [], clockOffsetMilliseconds: offset)
        }
        let stored = try await OutcomeTable.versions(participantID: participant.id, connection)
        var merge = OutcomeMerge(
            stored: stored, deletions: try await DeviceChangeTable.deletions(participantID: participant.id, connection))
        let taskVersions = try await TaskVersionTable.uuids(participantID: participant.id, connection)
        var added: [Outcome] = []
        var newDeletions = 0
        var touched: [UUID] = []
        for change in fresh {
            switch change.kind {
            case .version(let outcome):
                guard taskVersions.contains(outcome.taskVersionUUID) else {
                    throw .unknownTaskVersion(outcome.taskVersionUUID)
                }
                if let field = nulField(of: outcome) { throw .unstorableText(outcome: outcome.uuid, field: field) }
                if merge.add(outcome) { added.append(outcome) }
            case .delete(let uuid, let at):
                let known = merge.isDeleted(uuid)
                guard merge.delete(uuid, at: at) else { throw .unknownOutcome(uuid) }
                if !known { newDeletions += 1 }
            }
            touched.append(change.outcomeUUID)
        }
        let (states, conflicts) = merge.resolve(merge.neighborhood(of: touched))
        // Every stored row the rule looked at is numbered again, changed or not: the pushing device may have changed
        // it in its own store (a replacement ends the version it replaces there, an ingest the holder of its event),
        // and only a new number brings the server's state back to it. Ended rows first, then the new rows.
        var renumbered: [(uuid: UUID, state: OutcomeMerge.State)] = []
        var changedUUIDs = Set<UUID>()
        let newUUIDs = Set(added.map(\.uuid))
        for (uuid, state) in states.sorted(by: { $0.key < $1.key }) {
            // A stored version keeps its stored state in the merge; the new ones are written below.
            guard !newUUIDs.contains(uuid), let kept = merge.version(uuid) else { continue }
            renumbered.append((uuid, state))
            if OutcomeMerge.State(endedAt: kept.deletedDate, reason: kept.endReason) != state {
                changedUUIDs.insert(uuid)
            }
        }
        renumbered.sort { ($0.state.reason == nil ? 1 : 0, $0.uuid) < ($1.state.reason == nil ? 1 : 0, $1.uuid) }
        var seq = firstSeq
        var updates: [(uuid: UUID, state: OutcomeMerge.State, seq: Int64)] = []
        for (uuid, state) in renumbered {
            seq += 1
            updates.append((uuid, state, seq))
        }
        // Ended rows leave the one-live-outcome-per-event index before any row becomes live there.
        try await OutcomeTable.setStates(
            updates.filter { $0.state.reason != nil }, participantID: participant.id, connection)
        var outcomes = CopyTextRows()
        var values = CopyTextRows()
        for var outcome in added {
            let state = states[outcome.uuid] ?? .live
            outcome.deletedDate = state.endedAt
            outcome.endReason = state.reason
            seq += 1
            OutcomeTable.append(
                StudyOutcomeRow(
                    outcome: outcome, recordedUTCOffset: outcome.recordedUTCOffset,
                    recordedTimeZone: outcome.recordedTimeZone,
                    serverSeq: seq),
                participantID: participant.id, deviceID: deviceID, to: &outcomes)
            OutcomeValueTable.append(valuesOf: outcome, to: &values)
        }
        // A row that becomes live again may take an event a new row just left.
        try await connection.copy(outcomes, into: "outcome", columns: OutcomeTable.copyColumns, "store pushed outcomes")
        try await connection.copy(
            values, into: "outcome_value", columns: OutcomeValueTable.copyColumns, "store pushed values")
        try await OutcomeTable.setStates(
            updates.filter { $0.state.reason == nil }, participantID: participant.id, connection)
        if seq != firstSeq { try await ParticipantTable.setServerSeq(id: participant.id, to: seq, connection) }
        // Logged once: when the loser's state changed in this push (a new row, or a stored one that ended now).
        let logged = conflicts.filter { newUUIDs.contains($0.loser) || changedUUIDs.contains($0.loser) }
        try await SyncConflictTable.insert(logged, participantID: participant.id, deviceID: deviceID, connection)
        try await DeviceChangeTable.insert(fresh, deviceID: deviceID, connection)
        try await DeviceTable.recordSync(
            id: deviceID, ackedSeq: acknowledged, clockOffsetMilliseconds: offset, connection)
        return PushReport(
            acknowledged: acknowledged, applied: added.count + newDeletions, conflicts: logged,
            clockOffsetMilliseconds: offset)
    }

    /// Pulls device `deviceID`'s participant's rows numbered after `anchor`: at most `limit` task versions and outcome
    /// versions (with their values and current states) in `server_seq` order, read in one snapshot, and the anchor
    /// after them (docs/study-sync.md, "Pull").
    package func pull(deviceID: UUID, after anchor: Int64, limit: Int) async throws(StudyDatabaseError) -> PullPage {
        let studyID = studyID
        return try await Self.inTransaction(connection, "pull outcomes") {
            connection async throws(StudyDatabaseError) in
            // One snapshot for every query: rows committed between two of them would otherwise be skipped or mixed.
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", "pull outcomes")
            let rows = try await connection.rows(
                """
                SELECT d.participant_id FROM device d JOIN participant p ON p.id = d.participant_id
                WHERE d.id = \(deviceID) AND p.study_id = \(studyID)
                """, "read the device")
            guard let row = rows.first else { throw .deviceUnknown(deviceID: deviceID) }
            let participantID = try row.decoded(UUID.self, what: "device \(deviceID)'s participant")
            return try await Self.page(participantID: participantID, after: anchor, limit: limit, connection)
        }
    }

    /// Enrolls a new device of participant `label` without a code, for an enrollment bundle (docs/study-sync.md,
    /// "Offline sites"): in one transaction and one snapshot, the device row is made and every row of the participant
    /// read, with the anchor after them.
    package func enrollDeviceForBundle(label: String) async throws(StudyDatabaseError) -> (DeviceEnrollment, PullPage) {
        let studyID = studyID
        return try await Self.inTransaction(connection, "enroll devices") {
            connection async throws(StudyDatabaseError) in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", "enroll devices")
            guard let participant = try await ParticipantTable.find(label: label, studyID: studyID, connection) else {
                throw .participantNotFound(label: label)
            }
            if let withdrawn = participant.withdrawnAt {
                throw .participantWithdrawn(label: label, withdrawnAt: withdrawn)
            }
            let deviceID = UUID()
            try await DeviceTable.insert(id: deviceID, participantID: participant.id, connection)
            try await AuditEventTable.insert(
                studyID: studyID, actor: nil, action: "code", deviceID: deviceID,
                detail: "participant \(label), enrollment bundle", connection)
            let page = try await Self.page(participantID: participant.id, after: 0, limit: Self.everyRow, connection)
            return (DeviceEnrollment(deviceID: deviceID, participant: participant, studyID: studyID), page)
        }
    }

    /// A limit no participant's rows reach.
    private static let everyRow = 100_000_000

    /// The participant's rows numbered after `anchor`, at most `limit`, in `server_seq` order, outcome values attached.
    private static func page(
        participantID: UUID, after anchor: Int64, limit: Int, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> PullPage {
        let tasks = try await TaskVersionTable.pulled(
            participantID: participantID, after: anchor, limit: limit, connection)
        var outcomes = try await OutcomeTable.pulled(
            participantID: participantID, after: anchor, limit: limit, connection)
        var merged: [(seq: Int64, row: PulledRow)] = tasks.map { ($0.serverSeq, .task($0.0)) }
        let values = try await OutcomeValueTable.values(of: outcomes.map(\.0.uuid), connection)
        for index in outcomes.indices { outcomes[index].0.values = values[outcomes[index].0.uuid] ?? [] }
        merged += outcomes.map { ($0.serverSeq, .outcome($0.0)) }
        merged.sort { $0.seq < $1.seq }
        let page = merged.prefix(limit)
        return PullPage(after: anchor, rows: page.map(\.row), anchor: page.last?.seq ?? anchor)
    }

    /// The server's clock at the start of the transaction.
    private static func serverClock(_ connection: StudyConnection) async throws(StudyDatabaseError) -> Date {
        let rows = try await connection.rows("SELECT now()", "read the server's clock")
        guard let row = rows.first else { throw .corruptRow(what: "the server's clock", reason: "no time") }
        return try row.decoded(Date.self, what: "the server's clock")
    }

    /// The first text of `outcome` holding U+0000 (PostgreSQL's text cannot), by name; nil when there is none.
    private static func nulField(of outcome: Outcome) -> String? {
        if UnstorableText.holdsNul(outcome.id) || UnstorableText.holdsNul(outcome.syncID) {
            return "its id or sync identifier"
        }
        if UnstorableText.holdsNul(outcome.resultFile) { return "its result file's path" }
        if UnstorableText.holdsNul(outcome.recordedTimeZone) { return "its recorded time zone" }
        return UnstorableText.field(in: outcome.values)
    }
}
