import Foundation
import CareModel
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
}

// MARK: Reading

extension OutcomeTable {
    /// The participant's outcomes whose event starts in [start, end), values attached in order, ordered by event
    /// start, task id, occurrence, then storage order; only live ones when `liveOnly`, only task `task`'s when given.
    /// One query (outcome and values joined, one row per value); one participant's outcomes at a time keeps memory
    /// flat in the size of the study.
    static func outcomes(
        participant: ParticipantInfo, task: String?, from start: Date, to end: Date, liveOnly: Bool,
        _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [ReadOutcome] {
        let query: PostgresQuery = """
            SELECT o.uuid, o.id, o.task_uuid, o.occurrence, o.event_start, o.event_end, o.sync_id, o.sync_version,
            o.task_run_uuid, o.run_end_at, o.recorded_time_zone, o.recorded_utc_offset, o.source_file, o.created_at,
            o.ended_at, o.end_reason, v.ordinal, v.kind, v.units, v.type, v.integer_value, v.double_value,
            v.boolean_value, v.text_value, v.binary_value, v.date_value, v.created_at
            FROM outcome o JOIN task_version t ON t.uuid = o.task_uuid
            LEFT JOIN outcome_value v ON v.outcome_uuid = o.uuid
            WHERE o.participant_id = \(participant.id) AND o.event_start >= \(start) AND o.event_start < \(end)
            AND (\(task)::text IS NULL OR t.task_id = \(task)) AND (NOT \(liveOnly) OR o.ended_at IS NULL)
            ORDER BY o.event_start, t.task_id, o.occurrence, o.server_seq, o.uuid, v.ordinal
            """
        let operation = "read the outcomes of \(participant.label)"
        var result: [ReadOutcome] = []
        var pending: ReadOutcome?
        try await connection.forEachRow(query, operation) { row in
            let cells = row.makeRandomAccess()
            let uuid = try cells[0].decode(UUID.self)
            if let current = pending, current.outcome.uuid != uuid {
                result.append(current)
                pending = nil
            }
            if pending == nil {
                var outcome = Outcome(
                    uuid: uuid, id: try cells[1].decode(String.self), taskVersionUUID: try cells[2].decode(UUID.self),
                    occurrence: try cells[3].decode(Int.self), values: [], createdDate: try cells[13].decode(Date.self),
                    deletedDate: try cells[14].decode(Date?.self), taskRunUUID: try cells[8].decode(UUID?.self),
                    resultFile: try cells[12].decode(String?.self), eventStart: try cells[4].decode(Date.self),
                    eventEnd: try cells[5].decode(Date.self))
                outcome.syncID = try cells[6].decode(String.self)
                outcome.syncVersion = try cells[7].decode(Int.self)
                outcome.runEndDate = try cells[9].decode(Date?.self)
                outcome.endReason = try cells[15].decode(String?.self).flatMap(OutcomeEndReason.init(rawValue:))
                pending = ReadOutcome(
                    outcome: outcome, recordedTimeZone: try cells[10].decode(String?.self),
                    recordedUTCOffset: try cells[11].decode(Int?.self))
            }
            guard let type = try cells[19].decode(String?.self) else { return }
            let value: OutcomeValue.Value
            switch type {
            case "integer": value = .integer(try cells[20].decode(Int.self))
            case "double": value = .double(try cells[21].decode(Double.self))
            case "boolean": value = .boolean(try cells[22].decode(Bool.self))
            case "text": value = .text(try cells[23].decode(String.self))
            case "binary": value = .binary(Data(try cells[24].decode(ByteBuffer.self).readableBytesView))
            default: value = .date(try cells[25].decode(Date.self))
            }
            pending?.outcome.values.append(OutcomeValue(
                value, kind: try cells[17].decode(String?.self), units: try cells[18].decode(String?.self),
                createdDate: try cells[26].decode(Date.self)))
        }
        if let last = pending { result.append(last) }
        return result
    }
}

extension OutcomeTable {
    /// When the participant's latest outcome (any status) was recorded; nil when they have none.
    static func lastRecorded(participant: ParticipantInfo, _ connection: StudyConnection) async throws(StudyDatabaseError) -> Date? {
        let rows = try await connection.rows(
            "SELECT max(created_at) FROM outcome WHERE participant_id = \(participant.id)",
            "read the latest outcome of \(participant.label)")
        return try? rows.first?.decode(Date?.self)
    }
}
