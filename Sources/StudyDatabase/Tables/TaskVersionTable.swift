import CareModel
package import Foundation
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

    /// Schema version 3: devices pull a participant's task versions in `server_seq` order.
    static let changesV3 = [
        "CREATE INDEX task_version_by_participant_seq ON task_version (participant_id, server_seq)"
    ]
}

extension TaskVersionTable {
    /// Participant `participantID`'s versions of each of `taskIDs` that has any, oldest first (the order they were
    /// stored in), with their schedules decoded: what ingest reads once per transaction.
    static func versions(
        participantID: UUID, taskIDs: [String], _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [String: [CareTask]] {
        var result: [String: [CareTask]] = [:]
        let rows = try await connection.rows(
            """
            SELECT \(unescaped: careTaskColumns) FROM task_version
            WHERE participant_id = \(participantID) AND task_id = ANY(\(taskIDs))
            ORDER BY server_seq, effective_at
            """, "read the participant's task versions")
        for row in rows {
            let (task, _) = try careTask(from: row)
            result[task.id, default: []].append(task)
        }
        return result
    }

    /// Stores `versions`, a thousand rows per statement (each row binds 14 values; a statement may bind 65,535).
    static func insert(_ versions: [TaskVersionRow], _ connection: StudyConnection) async throws(StudyDatabaseError) {
        var start = versions.startIndex
        while start < versions.endIndex {
            let end = min(start + 1000, versions.endIndex)
            var sql = PostgresQuery.StringInterpolation(
                literalCapacity: 300 + 80 * (end - start), interpolationCount: 14 * (end - start))
            sql.appendLiteral(
                """
                INSERT INTO task_version (uuid, participant_id, task_id, previous_uuid, study_revision, title, instructions,
                    impacts_adherence, schedule, effective_at, deleted_at, source_digest, created_at, server_seq) VALUES
                """)
            for (offset, version) in versions[start..<end].enumerated() {
                sql.appendLiteral(offset == 0 ? " (" : ", (")
                sql.appendInterpolation(version.uuid)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.participantID)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.taskID)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.previousUUID)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.studyRevision)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.title)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.instructions)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.impactsAdherence)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.scheduleJSON)
                sql.appendLiteral("::jsonb, ")
                sql.appendInterpolation(version.effectiveAt)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.deletedAt)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.sourceDigest)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.createdAt)
                sql.appendLiteral(", ")
                sql.appendInterpolation(version.serverSeq)
                sql.appendLiteral(")")
            }
            try await connection.execute(PostgresQuery(stringInterpolation: sql), "store task versions")
            start = end
        }
    }

    /// Every version of every task of the participants `ids`, per participant and task id, each chain oldest first.
    static func chains(
        participants ids: [UUID], _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [UUID: [String: [TaskVersionRow]]] {
        var chains: [UUID: [String: [TaskVersionRow]]] = [:]
        guard !ids.isEmpty else { return chains }
        var failure: StudyDatabaseError?
        try await connection.forEachRow(
            """
            SELECT uuid, participant_id, task_id, previous_uuid, study_revision, title, instructions, impacts_adherence,
                schedule::text, effective_at, deleted_at, source_digest, created_at, server_seq
            FROM task_version WHERE participant_id = ANY(\(ids)) ORDER BY participant_id, task_id, server_seq
            """, "read task versions"
        ) { row in
            do {
                let (
                    uuid, participant, task, previous, revision, title, instructions, impacts, schedule, effective,
                    deleted, digest, created, seq
                ) = try row.decode(
                    (UUID, UUID, String, UUID?, Int, String, String?, Bool, String, Date, Date?, String?, Date, Int64)
                        .self)
                let version = TaskVersionRow(
                    uuid: uuid, participantID: participant, taskID: task, previousUUID: previous,
                    studyRevision: revision,
                    title: title, instructions: instructions, impactsAdherence: impacts, scheduleJSON: schedule,
                    effectiveAt: effective, deletedAt: deleted, sourceDigest: digest, createdAt: created, serverSeq: seq
                )
                chains[participant, default: [:]][task, default: []].append(version)
            } catch {
                failure = .corruptRow(what: "a task version", reason: "\(error)")
            }
        }
        if let failure { throw failure }
        return chains
    }

    /// Per participant of `ids` and task id: the start and end of the latest event (by start) that has a live
    /// outcome, in any version of the task — what a new version must not hide (docs/study-database.md, "Publishing
    /// and revisions").
    static func latestAnsweredEvents(
        participants ids: [UUID], _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [UUID: [String: AnsweredEvent]] {
        var events: [UUID: [String: AnsweredEvent]] = [:]
        guard !ids.isEmpty else { return events }
        let rows = try await connection.rows(
            """
            SELECT DISTINCT ON (v.participant_id, v.task_id) v.participant_id, v.task_id, o.event_start, o.event_end
            FROM outcome o JOIN task_version v ON v.uuid = o.task_uuid
            WHERE v.participant_id = ANY(\(ids)) AND o.ended_at IS NULL
            ORDER BY v.participant_id, v.task_id, o.event_start DESC, o.event_end DESC
            """, "read the answered events")
        for row in rows {
            let (participant, task, start, end) = try row.decoded(
                (UUID, String, Date, Date).self, what: "an outcome's event")
            events[participant, default: [:]][task] = AnsweredEvent(start: start, end: end)
        }
        return events
    }
}

/// The start and end of an event that has an outcome.
package struct AnsweredEvent: Sendable, Hashable {
    /// When the event starts.
    package var start: Date
    /// When it ends.
    package var end: Date
}

// MARK: Reading

extension TaskVersionTable {
    /// The participant's task versions (only task `task`'s when given) as version chains, chains ordered by task id,
    /// each oldest first (following `previous_uuid`), with the study revision that made each version.
    static func chains(
        participant: Participant, task: String?, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> (chains: [VersionChain], revisions: [UUID: Int]) {
        let query: PostgresQuery = """
            SELECT \(unescaped: careTaskColumns) FROM task_version
            WHERE participant_id = \(participant.id) AND (\(task)::text IS NULL OR task_id = \(task))
            ORDER BY task_id, server_seq
            """
        var byTask: [(id: String, versions: [CareTask])] = []
        var revisions: [UUID: Int] = [:]
        for row in try await connection.rows(query, "read the task versions of \(participant.label)") {
            let (version, revision) = try careTask(from: row)
            revisions[version.uuid] = revision
            if byTask.last?.id == version.id {
                byTask[byTask.count - 1].versions.append(version)
            } else {
                byTask.append((version.id, [version]))
            }
        }
        return (byTask.map { VersionChain(versions: linked($0.versions)) }, revisions)
    }

    /// The columns `careTask(from:)` reads, in its order.
    static let careTaskColumns = """
        uuid, task_id, previous_uuid, study_revision, title, instructions, impacts_adherence, schedule::text,
        effective_at, deleted_at, source_digest, created_at
        """

    /// A row read with `careTaskColumns`: the task version, its schedule decoded, and the revision that made it.
    static func careTask(from row: PostgresRow) throws(StudyDatabaseError) -> (CareTask, revision: Int) {
        let fields: (UUID, String, UUID?, Int, String, String?, Bool, String, Date, Date?, String?, Date)
        do {
            fields = try row.decode(
                (UUID, String, UUID?, Int, String, String?, Bool, String, Date, Date?, String?, Date).self)
        } catch {
            throw .corruptRow(what: "a task version", reason: "\(error)")
        }
        let (
            uuid, taskID, previous, revision, title, instructions, impacts, scheduleText, effective, deleted, digest,
            created
        ) =
            fields
        let schedule: Schedule
        do {
            schedule = try ScheduleJSON.decode(scheduleText, taskID: taskID)
        } catch {
            throw .corruptRow(what: "the schedule of task version \(uuid) (\(taskID))", reason: "\(error)")
        }
        var version = CareTask(
            id: taskID, title: title, instructions: instructions, impactsAdherence: impacts, schedule: schedule,
            effectiveDate: effective, sourceDigest: digest, uuid: uuid)
        version.previousVersionUUID = previous
        version.deletedDate = deleted
        version.createdDate = created
        version.updatedDate = created
        return (version, revision)
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

// MARK: Sync

extension TaskVersionTable {
    /// Participant `participantID`'s task versions numbered after `anchor`, at most `limit`, in `server_seq` order.
    static func pulled(
        participantID: UUID, after anchor: Int64, limit: Int, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [(CareTask, serverSeq: Int64)] {
        var result: [(CareTask, serverSeq: Int64)] = []
        for row in try await connection.rows(
            """
            SELECT \(unescaped: careTaskColumns), server_seq FROM task_version
            WHERE participant_id = \(participantID) AND server_seq > \(anchor) ORDER BY server_seq LIMIT \(limit)
            """, "read the task versions to pull")
        {
            let (task, _) = try careTask(from: row)
            let seq = try row.makeRandomAccess().decoded(12, as: Int64.self, what: "task version \(task.uuid)")
            result.append((task, seq))
        }
        return result
    }

    /// The uuids of participant `participantID`'s task versions.
    static func uuids(participantID: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError) -> Set<UUID>
    {
        let rows = try await connection.rows(
            "SELECT uuid FROM task_version WHERE participant_id = \(participantID)",
            "read the participant's task versions")
        return Set(
            try rows.map { row throws(StudyDatabaseError) in try row.decoded(UUID.self, what: "a task version's uuid") }
        )
    }
}
