import CareModel
import Foundation
import PostgresNIO

/// The `device_change` table: every change of a device's outbox the server acknowledged, by its number, so that a
/// change sent again is recognized as the same one and a store whose history differs (a copy, a restored backup) is
/// refused (docs/study-sync.md, "Copied and restored stores"); a deletion keeps its instant, since the conflict rule
/// reads every deletion ever made, also of versions whose end reason says otherwise now. Every statement on it is here.
enum DeviceChangeTable {
    /// Schema version 3.
    static let createV3 = [
        """
        CREATE TABLE device_change (
            device_id uuid NOT NULL REFERENCES device (id),
            local_seq bigint NOT NULL,
            outcome_uuid uuid NOT NULL,
            kind text NOT NULL CHECK (kind IN ('version', 'delete')),
            deleted_at timestamptz,
            PRIMARY KEY (device_id, local_seq))
        """
    ]
}

extension DeviceChangeTable {
    /// The acknowledged changes of device `deviceID` numbered from `low` to `high`: number → (outcome uuid, kind).
    static func changes(
        deviceID: UUID, from low: Int64, to high: Int64, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> [Int64: (uuid: UUID, kind: String)] {
        var result: [Int64: (uuid: UUID, kind: String)] = [:]
        try await connection.forEachRow(
            """
            SELECT local_seq, outcome_uuid, kind FROM device_change
            WHERE device_id = \(deviceID) AND local_seq BETWEEN \(low) AND \(high)
            """, "read the device's acknowledged changes"
        ) { row in
            let (seq, uuid, kind) = try row.decode((Int64, UUID, String).self)
            result[seq] = (uuid, kind)
        }
        return result
    }

    /// Records `changes` of device `deviceID` as acknowledged.
    static func insert(_ changes: [DeviceChange], deviceID: UUID, _ connection: StudyConnection)
        async throws(StudyDatabaseError)
    {
        guard !changes.isEmpty else { return }
        let seqs = changes.map(\.localSeq)
        let uuids = changes.map(\.outcomeUUID)
        let kinds = changes.map(\.kindName)
        // Arrays of optional values cannot be bound: a version's instant is unused and stored as null.
        let instants = changes.map { change -> Date in
            if case .delete(_, let at) = change.kind { return at }
            return .distantPast
        }
        try await connection.execute(
            """
            INSERT INTO device_change (device_id, local_seq, outcome_uuid, kind, deleted_at)
            SELECT \(deviceID), s, u, k, CASE WHEN k = 'delete' THEN t END
            FROM unnest(\(seqs)::bigint[], \(uuids)::uuid[], \(kinds)::text[], \(instants)::timestamptz[]) AS c(s, u, k, t)
            """, "record the device's changes")
    }

    /// Every deletion any device of participant `participantID` pushed: version uuid → the first instant it was
    /// deleted.
    static func deletions(participantID: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError) -> [UUID:
        Date]
    {
        var result: [UUID: Date] = [:]
        try await connection.forEachRow(
            """
            SELECT c.outcome_uuid, min(c.deleted_at) FROM device_change c JOIN device d ON d.id = c.device_id
            WHERE d.participant_id = \(participantID) AND c.kind = 'delete' GROUP BY c.outcome_uuid
            """, "read the deletions"
        ) { row in
            let (uuid, at) = try row.decode((UUID, Date).self)
            result[uuid] = at
        }
        return result
    }
}
