import Foundation
import PostgresNIO

/// The `participant` table: one row per enrolled participant, with the enrollment instant and home time zone their
/// schedules use; withdrawal keeps the row and its data (docs/study-database.md, "Tables"). Every statement on it is
/// here.
enum ParticipantTable {
    /// Schema version 1. `server_seq` counts the participant's stored rows (the order study sync pulls them in).
    static let createV1 = [
        """
        CREATE TABLE participant (
            id uuid PRIMARY KEY,
            study_id text NOT NULL REFERENCES study (id),
            label text NOT NULL CHECK (label ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
            enrolled_at timestamptz NOT NULL,
            home_time_zone text NOT NULL,
            withdrawn_at timestamptz,
            server_seq bigint NOT NULL DEFAULT 0,
            UNIQUE (study_id, label))
        """
    ]
}

extension ParticipantTable {
    /// Adds `participant` to study `studyID`; a label the study already has is `participantExists`.
    static func insert(_ participant: Participant, studyID: String, _ connection: StudyConnection)
        async throws(StudyDatabaseError)
    {
        do {
            try await connection.execute(
                """
                INSERT INTO participant (id, study_id, label, enrolled_at, home_time_zone)
                VALUES (\(participant.id), \(studyID), \(participant.label), \(participant.enrolledAt), \(participant.timeZone.identifier))
                """, "enroll participant \(participant.label)")
        } catch {
            if case .failed(_, let state, _) = error, state == SQLState.uniqueViolation {
                throw .participantExists(label: participant.label)
            }
            throw error
        }
    }

    /// The participant labeled `label`, if any; `locked` holds their row (`FOR UPDATE`) until the transaction ends.
    static func find(
        label: String, studyID: String, locked: Bool = false, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> Participant? {
        let query: PostgresQuery =
            locked
            ? """
            SELECT id, label, enrolled_at, home_time_zone, withdrawn_at FROM participant
            WHERE study_id = \(studyID) AND label = \(label) FOR UPDATE
            """
            : """
            SELECT id, label, enrolled_at, home_time_zone, withdrawn_at FROM participant
            WHERE study_id = \(studyID) AND label = \(label)
            """
        let rows = try await connection.rows(query, "read participant \(label)")
        return try rows.first.map { row throws(StudyDatabaseError) in try participant(from: row) }
    }

    /// The participant with id `id` in study `studyID`, if any.
    static func find(id: UUID, studyID: String, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> Participant?
    {
        let rows = try await connection.rows(
            """
            SELECT id, label, enrolled_at, home_time_zone, withdrawn_at FROM participant
            WHERE study_id = \(studyID) AND id = \(id)
            """, "read a participant")
        return try rows.first.map { row throws(StudyDatabaseError) in try participant(from: row) }
    }

    /// Every participant of the study, by label; `locked` holds their rows (`FOR UPDATE`) until the transaction ends,
    /// so no ingest for them runs meanwhile.
    static func all(studyID: String, locked: Bool = false, _ connection: StudyConnection)
        async throws(StudyDatabaseError) -> [Participant]
    {
        let query: PostgresQuery =
            locked
            ? """
            SELECT id, label, enrolled_at, home_time_zone, withdrawn_at FROM participant
            WHERE study_id = \(studyID) ORDER BY label FOR UPDATE
            """
            : """
            SELECT id, label, enrolled_at, home_time_zone, withdrawn_at FROM participant
            WHERE study_id = \(studyID) ORDER BY label
            """
        let rows = try await connection.rows(query, "list participants")
        var participants: [Participant] = []
        for row in rows { participants.append(try participant(from: row)) }
        return participants
    }

    /// Records `participant`'s withdrawal at `instant`, unless already withdrawn; true when it was recorded now.
    static func withdraw(id: UUID, at instant: Date, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> Bool
    {
        let rows = try await connection.rows(
            "UPDATE participant SET withdrawn_at = \(instant) WHERE id = \(id) AND withdrawn_at IS NULL RETURNING id",
            "withdraw a participant")
        return !rows.isEmpty
    }

    /// Reserves sequence numbers of stored rows for several participants at once (`counts`: how many each); returns
    /// each one's first reserved number (the next ones follow).
    static func reserveSeqs(_ counts: [UUID: Int], _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> [UUID: Int64]
    {
        guard !counts.isEmpty else { return [:] }
        let ids = Array(counts.keys)
        let numbers = ids.map { Int64(counts[$0] ?? 0) }
        let rows = try await connection.rows(
            """
            UPDATE participant AS p SET server_seq = p.server_seq + c.n
            FROM unnest(\(ids)::uuid[], \(numbers)::bigint[]) AS c(id, n) WHERE p.id = c.id
            RETURNING p.id, p.server_seq
            """, "number the participants' rows")
        var first: [UUID: Int64] = [:]
        for row in rows {
            let (id, last) = try row.decoded((UUID, Int64).self, what: "a participant's sequence number")
            first[id] = last - Int64(counts[id] ?? 0) + 1
        }
        guard first.count == counts.count else {
            throw .corruptRow(what: "a participant", reason: "no sequence number")
        }
        return first
    }

    /// The labels of every participant of study `studyID`.
    static func labels(studyID: String, _ connection: StudyConnection) async throws(StudyDatabaseError) -> Set<String> {
        let rows = try await connection.rows(
            "SELECT label FROM participant WHERE study_id = \(studyID)", "list participants")
        return Set(
            try rows.map { row throws(StudyDatabaseError) in try row.decoded(String.self, what: "a participant label") }
        )
    }

    /// Locks participant `id`'s row until the transaction ends (ingests of one participant take turns: their
    /// `server_seq` numbers are handed out in commit order) and reads it with its `server_seq`.
    static func lock(id: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError) -> (
        Participant, serverSeq: Int64
    )? {
        let rows = try await connection.rows(
            """
            SELECT id, label, enrolled_at, home_time_zone, withdrawn_at, server_seq FROM participant WHERE id = \(id) FOR UPDATE
            """, "lock the participant")
        guard let row = rows.first else { return nil }
        let participant = try participant(from: row)
        do {
            return (participant, try row.decode((UUID, String, Date, String, Date?, Int64).self).5)
        } catch {
            throw .corruptRow(what: "participant \(participant.label)", reason: "no sequence number")
        }
    }

    /// Sets participant `id`'s `server_seq` to `seq` (the last number given to a row stored for them).
    static func setServerSeq(id: UUID, to seq: Int64, _ connection: StudyConnection) async throws(StudyDatabaseError) {
        try await connection.execute(
            "UPDATE participant SET server_seq = \(seq) WHERE id = \(id)", "advance the participant's sequence")
    }

    private static func participant(from row: PostgresRow) throws(StudyDatabaseError) -> Participant {
        let fields: (UUID, String, Date, String, Date?)
        do {
            fields = try row.decode((UUID, String, Date, String, Date?).self)
        } catch {
            throw .corruptRow(what: "a participant", reason: "\(error)")
        }
        guard let zone = TimeZone(identifier: fields.3) else {
            throw .corruptRow(what: "participant \(fields.1)", reason: "unknown time zone \(fields.3)")
        }
        return Participant(id: fields.0, label: fields.1, enrolledAt: fields.2, timeZone: zone, withdrawnAt: fields.4)

    }
}

// MARK: Reading

extension ParticipantTable {
    /// The study's participants ordered by label (only `label` when given), withdrawn ones included.
    static func participants(
        study: String, label: String?, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [Participant] {
        let query: PostgresQuery = """
            SELECT id, label, enrolled_at, home_time_zone, withdrawn_at FROM participant
            WHERE study_id = \(study) AND (\(label)::text IS NULL OR label = \(label)) ORDER BY label
            """
        var result: [Participant] = []
        for row in try await connection.rows(query, "read the participants") {
            result.append(try participant(from: row))
        }
        return result
    }
}
