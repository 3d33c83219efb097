import Foundation
import PostgresNIO

/// The `enrolment_code` table: one-time codes that bind a device to a participant, kept only as their SHA-256 digest,
/// each valid until it expires or is used once (docs/study-sync.md, "Enrolment"). Every statement on it is here.
enum EnrolmentCodeTable {
    /// Schema version 3.
    static let createV3 = [
        """
        CREATE TABLE enrolment_code (
            code_digest text PRIMARY KEY,
            participant_id uuid NOT NULL REFERENCES participant (id),
            issued_at timestamptz NOT NULL,
            expires_at timestamptz NOT NULL,
            used_at timestamptz,
            device_id uuid)
        """
    ]
}

extension EnrolmentCodeTable {
    /// Stores a new code's digest for participant `participantID`.
    static func insert(
        digest: String, participantID: UUID, issuedAt: Date, expiresAt: Date, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) {
        try await connection.execute(
            """
            INSERT INTO enrolment_code (code_digest, participant_id, issued_at, expires_at)
            VALUES (\(digest), \(participantID), \(issuedAt), \(expiresAt))
            """, "issue an enrolment code")
    }

    /// Uses the code with `digest` for device `deviceID` at `now`, when it exists, is unused and has not expired;
    /// returns its participant's id, nil otherwise.
    static func use(digest: String, deviceID: UUID, now: Date, _ connection: StudyConnection) async throws(StudyDatabaseError) -> UUID? {
        let rows = try await connection.rows(
            """
            UPDATE enrolment_code SET used_at = \(now), device_id = \(deviceID)
            WHERE code_digest = \(digest) AND used_at IS NULL AND expires_at > \(now)
            RETURNING participant_id
            """, "use the enrolment code")
        return try? rows.first?.decode(UUID.self)
    }
}
