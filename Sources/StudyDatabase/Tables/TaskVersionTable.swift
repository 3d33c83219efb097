import CareModel
import Foundation
import PostgresNIO

/// The `task_version` table: each participant's versions of each task (CareKit's task versions), made by publishing;
/// a version's schedule is in the participant's home zone, as `ScheduleJSON` text (docs/study-database.md, "Tables").
/// Every statement on it is here.
enum TaskVersionTable {
    /// Schema version 1.
    static let createV1 = [
        """
        CREATE TABLE task_version (
            uuid uuid PRIMARY KEY,
            participant_id uuid NOT NULL REFERENCES participant (id),
            task_id text NOT NULL,
            previous_uuid uuid REFERENCES task_version (uuid),
            study_revision integer NOT NULL,
            title text NOT NULL,
            instructions text,
            impacts_adherence boolean NOT NULL,
            schedule jsonb NOT NULL,
            effective_at timestamptz NOT NULL,
            deleted_at timestamptz,
            source_digest text,
            created_at timestamptz NOT NULL,
            server_seq bigint NOT NULL)
        """,
        "CREATE INDEX task_version_by_participant ON task_version (participant_id, task_id, effective_at)",
    ]
}

extension TaskVersionTable {
    /// Participant `participantID`'s versions of each of `taskIDs` that has any, oldest first (the order they were
    /// stored in), with their schedules decoded: what ingest reads once per transaction.
    static func versions(
        participantID: UUID, taskIDs: [String], _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [String: [CareTask]] {
        let operation = "read the participant's task versions"
        var result: [String: [CareTask]] = [:]
        try await connection.forEachRow(
            """
            SELECT uuid, task_id, previous_uuid, title, instructions, impacts_adherence, schedule::text, effective_at,
                deleted_at, source_digest, created_at
            FROM task_version WHERE participant_id = \(participantID) AND task_id = ANY(\(taskIDs))
            ORDER BY server_seq, effective_at
            """, operation
        ) { row in
            let (uuid, id, previous, title, instructions, impacts, scheduleText, effective, deleted, digest, created) =
                try row.decode((UUID, String, UUID?, String, String?, Bool, String, Date, Date?, String?, Date).self)
            let schedule = try ScheduleJSON.decode(scheduleText, taskID: id)
            var task = CareTask(
                id: id, title: title, instructions: instructions, impactsAdherence: impacts, schedule: schedule,
                effectiveDate: effective, sourceDigest: digest, uuid: uuid)
            task.previousVersionUUID = previous
            task.deletedDate = deleted
            task.createdDate = created
            result[id, default: []].append(task)
        }
        return result
    }
}
