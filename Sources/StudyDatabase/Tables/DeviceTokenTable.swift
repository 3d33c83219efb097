import Foundation
import PostgresNIO

/// The `device_token` table: each device's bearer tokens for the study service, kept only as their SHA-256 digest,
/// with when each was issued, last used and revoked (docs/study-service.md, "Tokens"). Every statement on it is here.
enum DeviceTokenTable {
    /// Schema version 4.
    static let createV4 = [
        """
        CREATE TABLE device_token (
            token_digest bytea PRIMARY KEY,
            device_id uuid NOT NULL REFERENCES device (id),
            issued_at timestamptz NOT NULL DEFAULT now(),
            last_used_at timestamptz,
            revoked_at timestamptz)
        """,
        "CREATE INDEX device_token_by_device ON device_token (device_id)",
    ]

    /// How stale `last_used_at` may grow before a request writes it again: a device syncing often costs one write a
    /// minute, not one a request.
    static let lastUseResolution = 60
}

extension DeviceTokenTable {
    /// Stores `token`'s digest for device `deviceID`, issued now.
    static func insert(_ token: DeviceToken, deviceID: UUID, _ connection: StudyConnection)
        async throws(StudyDatabaseError)
    {
        let digest = ByteBuffer(bytes: token.digest)
        try await connection.execute(
            "INSERT INTO device_token (token_digest, device_id) VALUES (\(digest), \(deviceID))", "issue a device token"
        )
    }

    /// The device, participant and state of the token with `digest`, when it belongs to a device of study `studyID`;
    /// its last use is recorded when older than `lastUseResolution` seconds.
    static func find(
        digest bytes: Data, studyID: String, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> DeviceCredential? {
        let digest = ByteBuffer(bytes: bytes)
        let rows = try await connection.rows(
            """
            SELECT t.device_id, d.participant_id, t.revoked_at IS NOT NULL,
                t.last_used_at IS NULL OR t.last_used_at < now() - make_interval(secs => \(lastUseResolution))
            FROM device_token t JOIN device d ON d.id = t.device_id JOIN participant p ON p.id = d.participant_id
            WHERE t.token_digest = \(digest) AND p.study_id = \(studyID)
            """, "check the device token")
        guard let row = rows.first else { return nil }
        let (device, participant, revoked, stale): (UUID, UUID, Bool, Bool)
        do {
            (device, participant, revoked, stale) = try row.decode((UUID, UUID, Bool, Bool).self)
        } catch {
            throw .corruptRow(what: "a device token", reason: "\(error)")
        }
        if stale && !revoked {
            try await connection.execute(
                "UPDATE device_token SET last_used_at = now() WHERE token_digest = \(digest)", "record the token's use")
        }
        return DeviceCredential(deviceID: device, participantID: participant, revoked: revoked)
    }

    /// Revokes every token of device `deviceID` not revoked yet; returns how many.
    static func revoke(deviceID: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError) -> Int {
        let rows = try await connection.rows(
            """
            UPDATE device_token SET revoked_at = now() WHERE device_id = \(deviceID) AND revoked_at IS NULL
            RETURNING device_id
            """, "revoke the device's tokens")
        return rows.count
    }
}
