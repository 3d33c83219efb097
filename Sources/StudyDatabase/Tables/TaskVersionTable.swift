import Foundation
import CareModel
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

// MARK: Reading

extension TaskVersionTable {
    /// The participant's task versions (only task `task`'s when given) as version chains, chains ordered by task id,
    /// each oldest first (following `previous_uuid`), with the study revision that made each version.
    static func chains(
        participant: ParticipantInfo, task: String?, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> (chains: [VersionChain], revisions: [UUID: Int]) {
        let query: PostgresQuery = """
            SELECT uuid, task_id, previous_uuid, study_revision, title, instructions, impacts_adherence, schedule::text,
            effective_at, deleted_at, source_digest, created_at FROM task_version
            WHERE participant_id = \(participant.id) AND (\(task)::text IS NULL OR task_id = \(task))
            ORDER BY task_id, server_seq
            """
        var byTask: [(id: String, versions: [CareTask])] = []
        var revisions: [UUID: Int] = [:]
        let operation = "read the task versions of \(participant.label)"
        for row in try await connection.rows(query, operation) {
            guard
                let (uuid, taskID, previous, revision, title, instructions, impacts, scheduleText, effective, deleted, digest, created) =
                    try? row.decode((UUID, String, UUID?, Int, String, String?, Bool, String, Date, Date?, String?, Date).self)
            else { throw .failed(operation: operation, sqlState: nil, detail: "a task version row cannot be read") }
            let schedule: Schedule
            do {
                schedule = try ScheduleJSON.decode(scheduleText, taskID: taskID)
            } catch {
                throw .unreadableSchedule(participant: participant.label, task: taskID)
            }
            var version = CareTask(
                id: taskID, title: title, instructions: instructions, impactsAdherence: impacts, schedule: schedule,
                effectiveDate: effective, sourceDigest: digest, uuid: uuid)
            version.previousVersionUUID = previous
            version.deletedDate = deleted
            version.createdDate = created
            version.updatedDate = created
            revisions[uuid] = revision
            if byTask.last?.id == taskID { byTask[byTask.count - 1].versions.append(version) } else { byTask.append((taskID, [version])) }
        }
        return (byTask.map { VersionChain(versions: linked($0.versions)) }, revisions)
    }

    /// `versions` in chain order: the first has no previous version, each next names the one before; versions the
    /// links do not reach keep their stored order at the end.
    private static func linked(_ versions: [CareTask]) -> [CareTask] {
        guard versions.count > 1 else { return versions }
        var next: [UUID: CareTask] = [:]
        for version in versions { if let previous = version.previousVersionUUID { next[previous] = version } }
        guard var current = versions.first(where: { $0.previousVersionUUID == nil }) else { return versions }
        var chain = [current]
        while let following = next[current.uuid], chain.count < versions.count {
            chain.append(following)
            current = following
        }
        let placed = Set(chain.map(\.uuid))
        return chain + versions.filter { !placed.contains($0.uuid) }
    }
}
