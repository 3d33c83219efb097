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

// MARK: Reading

extension ParticipantTable {
    /// The study's participants ordered by label (only `label` when given), withdrawn ones included.
    static func participants(
        study: String, label: String?, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [ParticipantInfo] {
        let query: PostgresQuery = """
            SELECT id, label, enrolled_at, home_time_zone, withdrawn_at FROM participant
            WHERE study_id = \(study) AND (\(label)::text IS NULL OR label = \(label)) ORDER BY label
            """
        var result: [ParticipantInfo] = []
        for row in try await connection.rows(query, "read the participants") {
            guard let (id, label, enrolled, zoneName, withdrawn) = try? row.decode((UUID, String, Date, String, Date?).self) else {
                throw .failed(operation: "read the participants", sqlState: nil, detail: "a participant row cannot be read")
            }
            guard let zone = TimeZone(identifier: zoneName) else { throw .unknownTimeZone(participant: label, zone: zoneName) }
            result.append(ParticipantInfo(id: id, label: label, enrolledAt: enrolled, zone: zone, withdrawnAt: withdrawn))
        }
        return result
    }
}
