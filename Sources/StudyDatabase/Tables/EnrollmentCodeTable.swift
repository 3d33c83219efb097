import Foundation
import PostgresNIO

/// The `enrolment_code` table: one-time codes that bind a device to a participant, kept only as their SHA-256 digest,
/// each valid until it expires or is used once (docs/study-sync.md, "Enrollment"). Every statement on it is here.
/// The table keeps the British spelling it was created with: renaming it would take a schema migration.
enum EnrollmentCodeTable {
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

extension EnrollmentCodeTable {
    /// Stores a new code's digest for participant `participantID`, issued now and valid for `lifetime` seconds, both by
    /// the server's clock (a device's clock cannot stretch a code's life); returns when it expires.
    static func insert(
        digest: String, participantID: UUID, lifetime: Int, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> Date {
        let rows = try await connection.rows(
            """
            INSERT INTO enrolment_code (code_digest, participant_id, issued_at, expires_at)
            VALUES (\(digest), \(participantID), now(), now() + make_interval(secs => \(lifetime)))
            RETURNING expires_at
            """, "issue an enrollment code")
        guard let row = rows.first else { throw .corruptRow(what: "an enrollment code", reason: "no expiry") }
        return try row.decoded(Date.self, what: "an enrollment code's expiry")
    }

    /// Uses the code with `digest` for device `deviceID`, when it exists, is unused and has not expired by the server's
    /// clock; returns its participant's id, nil otherwise.
    static func use(digest: String, deviceID: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> UUID?
    {
        let rows = try await connection.rows(
            """
            UPDATE enrolment_code SET used_at = now(), device_id = \(deviceID)
            WHERE code_digest = \(digest) AND used_at IS NULL AND expires_at > now()
            RETURNING participant_id
            """, "use the enrollment code")
        return try rows.first?.decoded(UUID.self, what: "an enrollment code's participant")
    }
}
