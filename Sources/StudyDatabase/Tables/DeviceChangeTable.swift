import CareModel
import Foundation
import PostgresNIO

/// The `device_change` table: every change of a device's outbox the server acknowledged, by its number, so that a
/// change sent again is recognised as the same one and a store whose history differs (a copy, a restored backup) is
/// refused (docs/study-sync.md, "Copied and restored stores"). Every statement on it is here.
enum DeviceChangeTable {
    /// Schema version 3.
    static let createV3 = [
        """
        CREATE TABLE device_change (
            device_id uuid NOT NULL REFERENCES device (id),
            local_seq bigint NOT NULL,
            outcome_uuid uuid NOT NULL,
            kind text NOT NULL CHECK (kind IN ('version', 'delete')),
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
    static func insert(_ changes: [DeviceChange], deviceID: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError) {
        guard !changes.isEmpty else { return }
        let seqs = changes.map(\.localSeq)
        let uuids = changes.map(\.outcomeUUID)
        let kinds = changes.map(\.kindName)
        try await connection.execute(
            """
            INSERT INTO device_change (device_id, local_seq, outcome_uuid, kind)
            SELECT \(deviceID), s, u, k FROM unnest(\(seqs)::bigint[], \(uuids)::uuid[], \(kinds)::text[]) AS c(s, u, k)
            """, "record the device's changes")
    }
}
