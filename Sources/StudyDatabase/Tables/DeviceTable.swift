import Foundation
import PostgresNIO

/// The `device` table: each store bound to a participant by an enrollment code, with the last change of its outbox
/// the server acknowledged, when it last synced and how far its clock was off (docs/study-sync.md, "Devices"). Every
/// statement on it is here.
enum DeviceTable {
    /// Schema version 3.
    static let createV3 = [
        """
        CREATE TABLE device (
            id uuid PRIMARY KEY,
            participant_id uuid NOT NULL REFERENCES participant (id),
            enrolled_at timestamptz NOT NULL,
            acked_local_seq bigint NOT NULL DEFAULT 0,
            last_sync_at timestamptz,
            clock_offset_ms bigint)
        """,
        "CREATE INDEX device_by_participant ON device (participant_id)",
    ]
}

extension DeviceTable {
    /// Adds device `id` of participant `participantID`, enrolled now by the server's clock.
    static func insert(id: UUID, participantID: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError) {
        try await connection.execute(
            "INSERT INTO device (id, participant_id, enrolled_at) VALUES (\(id), \(participantID), now())",
            "enroll a device")
    }

    /// Device `id`'s participant and acknowledged outbox number, when it is a device of study `studyID`; the row locked
    /// until the transaction ends.
    static func lock(
        id: UUID, studyID: String, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> (participantID: UUID, ackedSeq: Int64)? {
        let rows = try await connection.rows(
            """
            SELECT d.participant_id, d.acked_local_seq FROM device d JOIN participant p ON p.id = d.participant_id
            WHERE d.id = \(id) AND p.study_id = \(studyID) FOR UPDATE OF d
            """, "read the device")
        guard let row = rows.first else { return nil }
        do {
            let (participant, acked) = try row.decode((UUID, Int64).self)
            return (participant, acked)
        } catch {
            throw .corruptRow(what: "device \(id.uuidString.lowercased())", reason: "\(error)")
        }
    }

    /// Records a sync of device `id` at the server's `now()`: its acknowledged outbox number and, when measured (not
    /// for an imported bundle, whose clock reading is as old as the file), its clock's offset.
    static func recordSync(
        id: UUID, ackedSeq: Int64, clockOffsetMilliseconds: Int64?, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) {
        try await connection.execute(
            """
            UPDATE device SET acked_local_seq = greatest(acked_local_seq, \(ackedSeq)), last_sync_at = now(),
                clock_offset_ms = coalesce(\(clockOffsetMilliseconds), clock_offset_ms)
            WHERE id = \(id)
            """, "record the device's sync")
    }

    /// Every device of study `studyID` (of participant `label` only when given), by participant label then enrollment,
    /// with its participant's label.
    static func devices(studyID: String, label: String?, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> [(String, DeviceRow)]
    {
        var result: [(String, DeviceRow)] = []
        try await connection.forEachRow(
            """
            SELECT p.label, d.id, d.enrolled_at, d.acked_local_seq, d.last_sync_at, d.clock_offset_ms,
                t.tokens, t.live, t.revoked_at, t.last_used_at
            FROM device d JOIN participant p ON p.id = d.participant_id
            LEFT JOIN LATERAL (
                SELECT count(*) AS tokens, count(*) FILTER (WHERE revoked_at IS NULL) AS live, max(revoked_at) AS revoked_at,
                    max(last_used_at) AS last_used_at
                FROM device_token WHERE device_id = d.id) t ON true
            WHERE p.study_id = \(studyID) AND (\(label)::text IS NULL OR p.label = \(label))
            ORDER BY p.label, d.enrolled_at, d.id
            """, "read the devices"
        ) { row in
            let (label, id, enrolled, acked, last, offset, tokens, live, revoked, used) = try row.decode(
                (String, UUID, Date, Int64, Date?, Int64?, Int64, Int64, Date?, Date?).self)
            var device = DeviceRow(
                id: id, enrolledAt: enrolled, ackedLocalSeq: acked, lastSyncAt: last, clockOffsetMilliseconds: offset)
            device.access = Self.access(tokens: tokens, live: live, revokedAt: revoked)
            device.tokenLastUsedAt = used
            result.append((label, device))
        }
        return result
    }

    /// The devices of participant `participantID`, oldest first.
    static func devices(participantID: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> [DeviceRow]
    {
        var result: [DeviceRow] = []
        try await connection.forEachRow(
            """
            SELECT d.id, d.enrolled_at, d.acked_local_seq, d.last_sync_at, d.clock_offset_ms,
                t.tokens, t.live, t.revoked_at, t.last_used_at
            FROM device d
            LEFT JOIN LATERAL (
                SELECT count(*) AS tokens, count(*) FILTER (WHERE revoked_at IS NULL) AS live, max(revoked_at) AS revoked_at,
                    max(last_used_at) AS last_used_at
                FROM device_token WHERE device_id = d.id) t ON true
            WHERE d.participant_id = \(participantID) ORDER BY d.enrolled_at, d.id
            """, "read the devices"
        ) { row in
            let (id, enrolled, acked, last, offset, tokens, live, revoked, used) = try row.decode(
                (UUID, Date, Int64, Date?, Int64?, Int64, Int64, Date?, Date?).self)
            var device = DeviceRow(
                id: id, enrolledAt: enrolled, ackedLocalSeq: acked, lastSyncAt: last, clockOffsetMilliseconds: offset)
            device.access = Self.access(tokens: tokens, live: live, revokedAt: revoked)
            device.tokenLastUsedAt = used
            result.append(device)
        }
        return result
    }

    /// A device's access from its tokens: none, a live one, or all revoked.
    private static func access(tokens: Int64, live: Int64, revokedAt: Date?) -> DeviceRow.Access {
        if tokens == 0 { return .none }
        if live > 0 { return .active }
        return revokedAt.map(DeviceRow.Access.revoked) ?? .none
    }
}
