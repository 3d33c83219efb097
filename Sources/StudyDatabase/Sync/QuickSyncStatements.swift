import Foundation
import PostgresNIO

/// The two statements of an up-to-date sync (docs/study-service.md, "Up-to-date syncs"), prepared once per connection:
/// each checks the token — recording its last use at most once a minute — and does a request's whole work. (A
/// data-modifying `WITH` runs once, whether or not the query reads its rows: PostgreSQL's documentation, "WITH
/// Queries".)
enum QuickSyncStatements {
    /// An empty push: records the sync and the device's clock offset, unless the token is revoked, the participant
    /// withdrawn or the store behind what was acknowledged (then nothing, and the full path decides). Row: device,
    /// participant, revoked, acknowledged number, clock offset, 1 when recorded.
    struct EmptyPush: PostgresPreparedStatement {
        static let sql = """
            WITH t AS (
                SELECT t.device_id, d.participant_id, t.revoked_at IS NOT NULL AS revoked, d.acked_local_seq,
                    p.withdrawn_at IS NOT NULL AS withdrawn,
                    t.last_used_at IS NULL OR t.last_used_at < now() - interval '\(DeviceTokenTable.lastUseResolution) seconds' AS stale
                FROM device_token t JOIN device d ON d.id = t.device_id JOIN participant p ON p.id = d.participant_id
                WHERE t.token_digest = $1 AND p.study_id = $2),
            synced AS (
                UPDATE device SET last_sync_at = now(),
                    clock_offset_ms = round(extract(epoch FROM ($3::timestamptz - now())) * 1000)::bigint
                FROM t WHERE device.id = t.device_id AND NOT t.revoked AND NOT t.withdrawn AND t.acked_local_seq <= $4
                RETURNING device.clock_offset_ms),
            used AS (
                UPDATE device_token SET last_used_at = now() FROM t
                WHERE device_token.token_digest = $1 AND t.stale AND NOT t.revoked RETURNING 1)
            SELECT t.device_id, t.participant_id, t.revoked, t.acked_local_seq, (SELECT clock_offset_ms FROM synced),
                (SELECT count(*) FROM synced)
            FROM t
            """
        typealias Row = (UUID, UUID, Bool, Int64, Int64?, Int64)

        let digest: Data
        let studyID: String
        let deviceNow: Date
        let outboxEnd: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(ByteBuffer(bytes: digest))
            bindings.append(studyID)
            bindings.append(deviceNow)
            bindings.append(outboxEnd)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            try row.decode(Row.self)
        }
    }

    /// A pull's first look: the device's participant's newest row number. Row: device, participant, revoked, number.
    struct Pull: PostgresPreparedStatement {
        static let sql = """
            WITH t AS (
                SELECT t.device_id, d.participant_id, t.revoked_at IS NOT NULL AS revoked, p.server_seq,
                    t.last_used_at IS NULL OR t.last_used_at < now() - interval '\(DeviceTokenTable.lastUseResolution) seconds' AS stale
                FROM device_token t JOIN device d ON d.id = t.device_id JOIN participant p ON p.id = d.participant_id
                WHERE t.token_digest = $1 AND p.study_id = $2),
            used AS (
                UPDATE device_token SET last_used_at = now() FROM t
                WHERE device_token.token_digest = $1 AND t.stale AND NOT t.revoked RETURNING 1)
            SELECT t.device_id, t.participant_id, t.revoked, t.server_seq FROM t
            """
        typealias Row = (UUID, UUID, Bool, Int64)

        let digest: Data
        let studyID: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(ByteBuffer(bytes: digest))
            bindings.append(studyID)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            try row.decode(Row.self)
        }
    }
}
