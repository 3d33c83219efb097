import Foundation
import PostgresNIO

/// The `audit_event` table: an append-only log of who changed the study and when — each device request that changed
/// something and each researcher command that changes the study (docs/study-service.md, "Audit log"). No role the
/// study grants may change or delete a row, and a trigger refuses it even to the table's owner. Every statement on it
/// is here.
enum AuditEventTable {
    /// Schema version 4.
    static let createV4 = [
        """
        CREATE TABLE audit_event (
            id bigserial PRIMARY KEY,
            at timestamptz NOT NULL DEFAULT clock_timestamp(),
            study_id text NOT NULL,
            actor text NOT NULL,
            role text NOT NULL,
            action text NOT NULL,
            device_id uuid,
            detail text NOT NULL DEFAULT '')
        """,
        "CREATE INDEX audit_event_by_time ON audit_event (study_id, at)",
        """
        CREATE FUNCTION regimen_audit_append_only() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog AS $$
        BEGIN
            RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = '42501';
        END $$
        """,
        """
        CREATE TRIGGER audit_event_append_only BEFORE UPDATE OR DELETE ON audit_event
        FOR EACH ROW EXECUTE FUNCTION regimen_audit_append_only()
        """,
        """
        CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
        FOR EACH STATEMENT EXECUTE FUNCTION regimen_audit_append_only()
        """,
    ]
}

extension AuditEventTable {
    /// Appends an event of study `studyID`: `action` by `actor` (nil: the database login, `session_user`) as the role
    /// in effect, about device `deviceID` when one, with `detail` (counts and labels, never an answer or a secret).
    static func insert(
        studyID: String, actor: String?, action: String, deviceID: UUID?, detail: String, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) {
        try await connection.execute(
            """
            INSERT INTO audit_event (study_id, actor, role, action, device_id, detail)
            VALUES (\(studyID), coalesce(\(actor), session_user::text), current_user::text, \(action), \(deviceID), \(detail))
            """, "record the change in the audit log")
    }

    /// Study `studyID`'s events at or after `since` (every one when nil), oldest first.
    static func events(studyID: String, since: Date?, _ connection: StudyConnection) async throws(StudyDatabaseError)
        -> [AuditEvent]
    {
        var result: [AuditEvent] = []
        try await connection.forEachRow(
            """
            SELECT id, at, actor, role, action, device_id, detail FROM audit_event
            WHERE study_id = \(studyID) AND (\(since)::timestamptz IS NULL OR at >= \(since))
            ORDER BY id
            """, "read the audit log"
        ) { row in
            let (id, at, actor, role, action, device, detail) = try row.decode(
                (Int64, Date, String, String, String, UUID?, String).self)
            result.append(
                AuditEvent(id: id, at: at, actor: actor, role: role, action: action, deviceID: device, detail: detail))
        }
        return result
    }
}
