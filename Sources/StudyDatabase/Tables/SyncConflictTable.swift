import CareModel
import Foundation
import PostgresNIO

/// The `sync_conflict` table: every decision of the conflict rule that ended or overruled a version — which rule,
/// the winner, the loser, for which participant, pushed by which device, when (docs/study-sync.md, "The conflict
/// rule"). `study conflicts` lists it. Every statement on it is here.
enum SyncConflictTable {
    /// Schema version 3.
    static let createV3 = [
        """
        CREATE TABLE sync_conflict (
            id bigserial PRIMARY KEY,
            participant_id uuid NOT NULL REFERENCES participant (id),
            device_id uuid,
            decided_at timestamptz NOT NULL DEFAULT now(),
            rule text NOT NULL,
            winner uuid NOT NULL,
            loser uuid NOT NULL)
        """,
        "CREATE INDEX sync_conflict_by_participant ON sync_conflict (participant_id, id)",
    ]
}

extension SyncConflictTable {
    /// Logs `conflicts` decided for participant `participantID` during a push of device `deviceID`.
    static func insert(
        _ conflicts: [OutcomeMerge.Conflict], participantID: UUID, deviceID: UUID?, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) {
        guard !conflicts.isEmpty else { return }
        let rules = conflicts.map(\.rule.rawValue)
        let winners = conflicts.map(\.winner)
        let losers = conflicts.map(\.loser)
        try await connection.execute(
            """
            INSERT INTO sync_conflict (participant_id, device_id, rule, winner, loser)
            SELECT \(participantID), \(deviceID), r, w, l FROM unnest(\(rules)::text[], \(winners)::uuid[], \(losers)::uuid[]) AS c(r, w, l)
            """, "log the sync conflicts")
    }

    /// Every logged conflict of the study (of participant `label` only when given), oldest first.
    static func conflicts(studyID: String, label: String?, _ connection: StudyConnection)
        async throws(StudyDatabaseError) -> [ConflictRow]
    {
        var result: [ConflictRow] = []
        try await connection.forEachRow(
            """
            SELECT p.label, c.decided_at, c.rule, c.winner, c.loser, c.device_id, t.task_id, o.occurrence
            FROM sync_conflict c JOIN participant p ON p.id = c.participant_id
            LEFT JOIN outcome o ON o.uuid = c.loser LEFT JOIN task_version t ON t.uuid = o.task_uuid
            WHERE p.study_id = \(studyID) AND (\(label)::text IS NULL OR p.label = \(label))
            ORDER BY c.id
            """, "read the sync conflicts"
        ) { row in
            let (label, decided, rule, winner, loser, device, task, occurrence) =
                try row.decode((String, Date, String, UUID, UUID, UUID?, String?, Int?).self)
            result.append(
                ConflictRow(
                    participant: label, decidedAt: decided, rule: rule, winner: winner, loser: loser, deviceID: device,
                    taskID: task, occurrence: occurrence))
        }
        return result
    }
}
