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
    /// The columns `participant(from:)` reads, in its order.
    private static let columns = "id, label, enrolled_at, home_time_zone, withdrawn_at"

    /// The participant `label` of study `studyID`, if enrolled.
    static func find(studyID: String, label: String, _ connection: StudyConnection) async throws(StudyDatabaseError) -> StudyParticipant? {
        let rows = try await connection.rows(
            "SELECT \(unescaped: columns) FROM participant WHERE study_id = \(studyID) AND label = \(label)",
            "read participant \(label)")
        return try rows.first.map { row throws(StudyDatabaseError) in try participant(from: row) }
    }

    /// The labels of every participant of study `studyID`.
    static func labels(studyID: String, _ connection: StudyConnection) async throws(StudyDatabaseError) -> Set<String> {
        let rows = try await connection.rows("SELECT label FROM participant WHERE study_id = \(studyID)", "list participants")
        return Set(rows.compactMap { try? $0.decode(String.self) })
    }

    /// Locks participant `id`'s row until the transaction ends (ingests of one participant take turns: their
    /// `server_seq` numbers are handed out in commit order) and reads it with its `server_seq`.
    static func lock(id: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError) -> (StudyParticipant, serverSeq: Int64)? {
        let rows = try await connection.rows(
            "SELECT \(unescaped: columns), server_seq FROM participant WHERE id = \(id) FOR UPDATE", "lock the participant")
        guard let row = rows.first else { return nil }
        let participant = try participant(from: row)
        do {
            let columns = try row.decode((UUID, String, Date, String, Date?, Int64).self)
            return (participant, columns.5)
        } catch {
            throw .failed(operation: "lock the participant", sqlState: nil, detail: String(describing: error))
        }
    }

    /// Sets participant `id`'s `server_seq` to `seq` (the last number given to a row stored for them).
    static func setServerSeq(id: UUID, to seq: Int64, _ connection: StudyConnection) async throws(StudyDatabaseError) {
        try await connection.execute(
            "UPDATE participant SET server_seq = \(seq) WHERE id = \(id)", "advance the participant's sequence")
    }

    private static func participant(from row: PostgresRow) throws(StudyDatabaseError) -> StudyParticipant {
        do {
            let (id, label, enrolled, zone, withdrawn) = try row.decode((UUID, String, Date, String, Date?).self)
            return StudyParticipant(id: id, label: label, enrolledAt: enrolled, homeTimeZone: zone, withdrawnAt: withdrawn)
        } catch {
            throw .failed(operation: "read a participant", sqlState: nil, detail: String(describing: error))
        }
    }
}
