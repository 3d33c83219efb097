import CareModel
import Foundation
import NIOCore
import PostgresNIO

/// The `outcome` table: every outcome version ever stored for a participant's event — live, replaced, deleted or
/// superseded — with the sync identifier and version that make ingest idempotent (docs/study-database.md, "Tables").
/// Every statement on it is here.
enum OutcomeTable {
    /// Schema version 1. At most one live (not ended) outcome per event.
    static let createV1 = [
        """
        CREATE TABLE outcome (
            uuid uuid PRIMARY KEY,
            participant_id uuid NOT NULL REFERENCES participant (id),
            id text NOT NULL,
            task_uuid uuid NOT NULL REFERENCES task_version (uuid),
            occurrence integer NOT NULL CHECK (occurrence >= 0),
            event_start timestamptz NOT NULL,
            event_end timestamptz NOT NULL,
            sync_id text NOT NULL,
            sync_version integer NOT NULL,
            task_run_uuid uuid,
            run_end_at timestamptz,
            recorded_time_zone text,
            recorded_utc_offset integer,
            source_file text,
            created_at timestamptz NOT NULL,
            ended_at timestamptz,
            end_reason text CHECK (end_reason IN ('replaced', 'deleted', 'superseded')),
            server_seq bigint NOT NULL,
            received_at timestamptz NOT NULL DEFAULT now(),
            CHECK ((ended_at IS NULL) = (end_reason IS NULL)))
        """,
        "CREATE UNIQUE INDEX outcome_one_live_per_event ON outcome (task_uuid, occurrence) WHERE ended_at IS NULL",
        "CREATE INDEX outcome_by_sync_id ON outcome (participant_id, sync_id)",
        "CREATE INDEX outcome_by_participant_seq ON outcome (participant_id, server_seq)",
    ]

    /// Schema version 2: no foreign keys, whose per-row checks cost more than the rows themselves, and no index by
    /// `server_seq`, which nothing reads by (docs/study-database.md, "Tables": who keeps the references whole).
    static let changesV2 = [
        "ALTER TABLE outcome DROP CONSTRAINT outcome_participant_id_fkey, DROP CONSTRAINT outcome_task_uuid_fkey",
        "DROP INDEX outcome_by_participant_seq",
    ]

    /// Schema version 3: devices pull a participant's rows in `server_seq` order, and each pushed row names the
    /// device it came from (docs/study-sync.md, "Pull").
    static let changesV3 = [
        "ALTER TABLE outcome ADD COLUMN device_id uuid",
        "CREATE INDEX outcome_by_participant_seq ON outcome (participant_id, server_seq)",
    ]
}

extension OutcomeTable {
    /// The newest row of each of `syncIDs` among participant `participantID`'s outcomes: the highest sync version,
    /// live before ended, then the latest created. Not by `server_seq`: a row is numbered again whenever it changes
    /// (docs/study-sync.md, "Pull"), so an old version that ended late has the greater number.
    static func newestRows(
        participantID: UUID, syncIDs: [String], _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [String: StoredSyncRow] {
        var result: [String: StoredSyncRow] = [:]
        guard !syncIDs.isEmpty else { return result }
        try await connection.forEachRow(
            """
            SELECT DISTINCT ON (sync_id) sync_id, uuid, id, sync_version, ended_at IS NULL, end_reason, task_uuid, occurrence
            FROM outcome WHERE participant_id = \(participantID) AND sync_id = ANY(\(syncIDs))
            ORDER BY sync_id, sync_version DESC, (ended_at IS NULL) DESC, created_at DESC, uuid
            """, "read the stored sync identifiers"
        ) { row in
            let (sync, uuid, id, version, live, reason, task, occurrence) =
                try row.decode((String, UUID, String, Int, Bool, String?, UUID, Int).self)
            result[sync] = StoredSyncRow(
                uuid: uuid, id: id, version: version, live: live,
                superseded: reason == OutcomeEndReason.superseded.rawValue,
                taskVersionUUID: task, occurrence: occurrence)
        }
        return result
    }

    /// The live outcomes of `taskVersions` (a participant's), by task version and occurrence.
    static func liveHolders(
        participantID: UUID, taskVersions: [UUID], _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [UUID: [Int: EventHolder]] {
        var result: [UUID: [Int: EventHolder]] = [:]
        guard !taskVersions.isEmpty else { return result }
        try await connection.forEachRow(
            """
            SELECT task_uuid, occurrence, uuid, sync_id, coalesce(run_end_at, created_at) FROM outcome
            WHERE participant_id = \(participantID) AND task_uuid = ANY(\(taskVersions)) AND ended_at IS NULL
            """, "read the answered events"
        ) { row in
            let (task, occurrence, uuid, sync, runEnd) = try row.decode((UUID, Int, UUID, String, Date).self)
            result[task, default: [:]][occurrence] = EventHolder(uuid: uuid, syncID: sync, runEnd: runEnd)
        }
        return result
    }

    /// Ends the live rows among `ends` (uuid, instant, reason), then marks the ended rows `relabels` as replaced —
    /// two statements whatever the number of rows. Each changed row gets the next `server_seq` from `nextSeq` on (ends
    /// first, in order, then relabels), so devices pull the change; returns the last number given.
    static func end(
        _ ends: [(uuid: UUID, at: Date, reason: OutcomeEndReason)], relabel relabels: [UUID], participantID: UUID,
        nextSeq: Int64, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> Int64 {
        var last = nextSeq - 1
        if !ends.isEmpty {
            let uuids = ends.map(\.uuid)
            let dates = ends.map(\.at)
            let reasons = ends.map(\.reason.rawValue)
            let seqs = ends.indices.map { last + 1 + Int64($0) }
            last += Int64(ends.count)
            try await connection.execute(
                """
                UPDATE outcome o SET ended_at = v.at, end_reason = v.reason, server_seq = v.seq
                FROM unnest(\(uuids)::uuid[], \(dates)::timestamptz[], \(reasons)::text[], \(seqs)::bigint[])
                    AS v(uuid, at, reason, seq)
                WHERE o.uuid = v.uuid AND o.participant_id = \(participantID) AND o.ended_at IS NULL
                """, "end replaced and superseded outcomes")
        }
        if !relabels.isEmpty {
            let seqs = relabels.indices.map { last + 1 + Int64($0) }
            last += Int64(relabels.count)
            try await connection.execute(
                """
                UPDATE outcome o SET end_reason = 'replaced', server_seq = v.seq
                FROM unnest(\(relabels)::uuid[], \(seqs)::bigint[]) AS v(uuid, seq)
                WHERE o.uuid = v.uuid AND o.participant_id = \(participantID) AND o.ended_at IS NOT NULL
                """, "mark superseded outcomes replaced")
        }
        return last
    }

    /// The columns `append` writes, in its order.
    static let copyColumns = [
        "uuid", "participant_id", "id", "task_uuid", "occurrence", "event_start", "event_end", "sync_id",
        "sync_version",
        "task_run_uuid", "run_end_at", "recorded_time_zone", "recorded_utc_offset", "source_file", "created_at",
        "ended_at", "end_reason", "server_seq", "device_id",
    ]

    /// Appends `row` to a COPY of `copyColumns`.
    static func append(_ row: StudyOutcomeRow, participantID: UUID, deviceID: UUID? = nil, to rows: inout CopyTextRows)
    {
        let outcome = row.outcome
        rows.uuid(outcome.uuid)
        rows.uuid(participantID)
        rows.text(outcome.id)
        rows.uuid(outcome.taskVersionUUID)
        rows.integer(outcome.occurrence)
        rows.timestamp(outcome.eventStart)
        rows.timestamp(outcome.eventEnd)
        rows.text(outcome.syncID ?? outcome.uuid.uuidString)
        rows.integer(outcome.syncVersion)
        rows.uuid(outcome.taskRunUUID)
        rows.timestamp(outcome.runEndDate)
        rows.text(row.recordedTimeZone)
        rows.integer(row.recordedUTCOffset)
        rows.text(outcome.resultFile)
        rows.timestamp(outcome.createdDate)
        rows.timestamp(outcome.deletedDate)
        rows.text(outcome.deletedDate == nil ? nil : (outcome.endReason ?? .deleted).rawValue)
        rows.integer(Int(row.serverSeq))
        rows.uuid(deviceID)
        rows.endRow()
    }
}

// MARK: Reading

extension OutcomeTable {
    /// The participant's outcomes whose event starts in [start, end), values attached in order, ordered by event
    /// start, task id, occurrence, then storage order; only live ones when `liveOnly`, only task `task`'s when given.
    /// Two queries — the outcomes, then their values (`OutcomeValueTable.values`) in the same order — merged as they
    /// come; one participant's outcomes at a time keeps memory flat in the size of the study.
    static func outcomes(
        participant: Participant, task: String?, from start: Date, to end: Date, liveOnly: Bool,
        _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [ReadOutcome] {
        let query: PostgresQuery = """
            SELECT o.uuid, o.id, o.task_uuid, o.occurrence, o.event_start, o.event_end, o.sync_id, o.sync_version,
            o.task_run_uuid, o.run_end_at, o.recorded_time_zone, o.recorded_utc_offset, o.source_file, o.created_at,
            o.ended_at, o.end_reason
            FROM outcome o JOIN task_version t ON t.uuid = o.task_uuid AND t.participant_id = o.participant_id
            WHERE o.participant_id = \(participant.id) AND o.event_start >= \(start) AND o.event_start < \(end)
            AND (\(task)::text IS NULL OR t.task_id = \(task)) AND (NOT \(liveOnly) OR o.ended_at IS NULL)
            ORDER BY o.event_start, t.task_id, o.occurrence, o.server_seq, o.uuid
            """
        var result: [ReadOutcome] = []
        var positions: [UUID: Int] = [:]
        try await connection.forEachRow(query, "read the outcomes of \(participant.label)") { row in
            // Sequential decoding: each column once, in order (a random-access row costs a copy of every column).
            let (
                uuid, id, taskUUID, occurrence, eventStart, eventEnd, syncID, syncVersion, run, runEnd, zone, offset,
                file, created, ended, reason
            ) = try row.decode(
                (
                    UUID, String, UUID, Int, Date, Date, String, Int, UUID?, Date?, String?, Int?, String?, Date, Date?,
                    String?
                ).self)
            var outcome = Outcome(
                uuid: uuid, id: id, taskVersionUUID: taskUUID, occurrence: occurrence, values: [], createdDate: created,
                deletedDate: ended, taskRunUUID: run, resultFile: file, eventStart: eventStart, eventEnd: eventEnd)
            outcome.syncID = syncID
            outcome.syncVersion = syncVersion
            outcome.runEndDate = runEnd
            outcome.endReason = try endReason(reason, of: uuid)
            positions[uuid] = result.count
            result.append(ReadOutcome(outcome: outcome, recordedTimeZone: zone, recordedUTCOffset: offset))
        }
        guard !result.isEmpty else { return result }
        try await OutcomeValueTable.values(
            participant: participant, task: task, from: start, to: end, liveOnly: liveOnly, connection
        ) { outcomeUUID, value in
            if let position = positions[outcomeUUID] { result[position].outcome.values.append(value) }
        }
        return result
    }
}

extension OutcomeTable {
    /// When the participant's latest outcome (any status) was recorded; nil when they have none.
    static func lastRecorded(participant: Participant, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> Date?
    {
        let rows = try await connection.rows(
            "SELECT max(created_at) FROM outcome WHERE participant_id = \(participant.id)",
            "read the latest outcome of \(participant.label)")
        return try rows.first?.decoded(Date?.self, what: "the latest outcome of \(participant.label)") ?? nil
    }
}

// MARK: Sync

extension OutcomeTable {
    /// The columns `syncedOutcome(from:)` reads, in its order.
    private static let syncedColumns = """
        uuid, id, task_uuid, occurrence, event_start, event_end, sync_id, sync_version, task_run_uuid, run_end_at,
        source_file, created_at, ended_at, end_reason, server_seq, recorded_time_zone, recorded_utc_offset
        """

    /// The end reason stored as `text` for outcome `uuid`; an unknown one is a corrupt row, not a live outcome.
    private static func endReason(_ text: String?, of uuid: UUID) throws(StudyDatabaseError) -> OutcomeEndReason? {
        guard let text else { return nil }
        guard let reason = OutcomeEndReason(rawValue: text) else {
            throw .corruptRow(what: "outcome \(uuid)", reason: "unknown end reason")
        }
        return reason
    }

    /// A row read with `syncedColumns`: the outcome (without values) in its stored state, and its `server_seq`.
    private static func syncedOutcome(from row: PostgresRow) throws(StudyDatabaseError) -> (Outcome, serverSeq: Int64) {
        let fields:
            (UUID, String, UUID, Int, Date, Date, String, Int, UUID?, Date?, String?, Date, Date?, String?, Int64)
        do {
            fields = try row.decode(
                (UUID, String, UUID, Int, Date, Date, String, Int, UUID?, Date?, String?, Date, Date?, String?, Int64)
                    .self)
        } catch {
            throw .corruptRow(what: "an outcome", reason: "\(error)")
        }
        let (uuid, id, task, occurrence, start, end, sync, version, run, runEnd, file, created, ended, reason, seq) =
            fields
        var outcome = Outcome(
            uuid: uuid, id: id, taskVersionUUID: task, occurrence: occurrence, values: [], createdDate: created,
            deletedDate: ended, taskRunUUID: run, resultFile: file, eventStart: start, eventEnd: end)
        outcome.syncID = sync
        outcome.syncVersion = version
        outcome.runEndDate = runEnd
        outcome.endReason = try endReason(reason, of: uuid)
        let columns = row.makeRandomAccess()
        outcome.recordedTimeZone = try columns.decoded(15, as: String?.self, what: "outcome \(uuid)")
        outcome.recordedUTCOffset = try columns.decoded(16, as: Int?.self, what: "outcome \(uuid)")
        return (outcome, seq)
    }

    /// Every outcome version of participant `participantID` in its stored state, without values: what the conflict
    /// rule reads in a push.
    static func versions(participantID: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> [Outcome]
    {
        var result: [Outcome] = []
        var failure: StudyDatabaseError?
        try await connection.forEachRow(
            "SELECT \(unescaped: syncedColumns) FROM outcome WHERE participant_id = \(participantID)",
            "read the participant's outcomes"
        ) { row in
            do throws(StudyDatabaseError) {
                result.append(try syncedOutcome(from: row).0)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return result
    }

    /// Participant `participantID`'s outcome versions numbered after `anchor`, at most `limit`, in `server_seq` order,
    /// without values.
    static func pulled(
        participantID: UUID, after anchor: Int64, limit: Int, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [(Outcome, serverSeq: Int64)] {
        var result: [(Outcome, serverSeq: Int64)] = []
        var failure: StudyDatabaseError?
        try await connection.forEachRow(
            """
            SELECT \(unescaped: syncedColumns) FROM outcome
            WHERE participant_id = \(participantID) AND server_seq > \(anchor) ORDER BY server_seq LIMIT \(limit)
            """, "read the outcomes to pull"
        ) { row in
            do throws(StudyDatabaseError) {
                result.append(try syncedOutcome(from: row))
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return result
    }

    /// Sets the state of stored versions (`ended_at`, `end_reason`; nil for live) and gives each its new `server_seq`,
    /// in one statement.
    static func setStates(
        _ states: [(uuid: UUID, state: OutcomeMerge.State, seq: Int64)], participantID: UUID,
        _ connection: StudyConnection
    ) async throws(StudyDatabaseError) {
        guard !states.isEmpty else { return }
        let uuids = states.map(\.uuid)
        // Arrays of optional values cannot be bound: a live state is the empty reason, its instant unused.
        let ends = states.map { $0.state.endedAt ?? .distantPast }
        let reasons = states.map { $0.state.reason?.rawValue ?? "" }
        let seqs = states.map(\.seq)
        try await connection.execute(
            """
            UPDATE outcome o SET ended_at = CASE WHEN v.reason = '' THEN NULL ELSE v.at END,
                end_reason = nullif(v.reason, ''), server_seq = v.seq
            FROM unnest(\(uuids)::uuid[], \(ends)::timestamptz[], \(reasons)::text[], \(seqs)::bigint[]) AS v(uuid, at, reason, seq)
            WHERE o.uuid = v.uuid AND o.participant_id = \(participantID)
            """, "store the outcomes' states")
    }
}
