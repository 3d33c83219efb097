import PostgresNIO

/// The study's group roles (docs/study-database.md, "Roles"; docs/study-service.md, "The database"): `regimen_reader`
/// may read everything, `regimen_publisher` may also enroll, publish and ingest, and `regimen_service` holds exactly
/// what the study service's queries need (column grants where it writes part of a row). None may delete a row, change
/// an audit entry or change the schema. A researcher's own login is made a member of one (`GRANT regimen_reader TO
/// alice`) and names it with `--role`; the service's login is a member of `regimen_service`.
package enum AccessRoles {
    /// The read-only role.
    package static let reader = "regimen_reader"
    /// The role that may enroll, publish and ingest.
    package static let publisher = "regimen_publisher"
    /// The study service's role.
    package static let service = "regimen_service"

    /// What `regimen_service` may do beyond nothing: reading what push, pull, enrollment and a device's status read,
    /// adding what they add, and changing only the columns they change. Rows documented as immutable (an outcome's
    /// values, a device's changes, conflicts, audit entries) get no UPDATE.
    /// The study's and participants' rows are readable column by column: the de-identification secret and date
    /// shifts (`DeidentificationColumns`) are for the roles that export only (the revoke undoes the whole-table grant
    /// of databases initialized before schema version 5).
    static let serviceGrants = [
        "REVOKE SELECT ON study, participant FROM regimen_service",
        "GRANT SELECT (id, revision, created_at) ON study TO regimen_service",
        """
        GRANT SELECT (id, study_id, label, enrolled_at, home_time_zone, withdrawn_at, server_seq) ON participant
            TO regimen_service
        """,
        """
        GRANT SELECT ON task_version, outcome, outcome_value, device, device_change, enrolment_code,
            sync_conflict, device_token, regimen_schema_migration TO regimen_service
        """,
        "GRANT INSERT ON outcome, outcome_value, device, device_change, sync_conflict, device_token, audit_event TO regimen_service",
        "GRANT UPDATE (ended_at, end_reason, server_seq) ON outcome TO regimen_service",
        "GRANT UPDATE (server_seq) ON participant TO regimen_service",
        "GRANT UPDATE (acked_local_seq, last_sync_at, clock_offset_ms) ON device TO regimen_service",
        "GRANT UPDATE (used_at, device_id) ON enrolment_code TO regimen_service",
        "GRANT UPDATE (last_used_at) ON device_token TO regimen_service",
        "GRANT USAGE ON SEQUENCE sync_conflict_id_seq, audit_event_id_seq TO regimen_service",
    ]

    /// What `grant(_:)` did.
    package enum Outcome: Sendable, Equatable {
        /// Both roles exist and hold their privileges on this database's tables.
        case granted
        /// The login may not create roles; the database owner can run `study init` again as a role that may.
        case notAllowed
    }

    /// Creates the two roles when missing (NOLOGIN) and grants them their privileges on every table of the schema;
    /// idempotent, so `study init` runs it after every migration.
    package static func grant(_ connection: StudyConnection) async throws(StudyDatabaseError) -> Outcome {
        // Roles belong to the whole server, so `init`s of two databases can race on them: the loser of
        // "CREATE ROLE" (unique violation) or of a GRANT ("tuple concurrently updated", XX000) tries again.
        var attempt = 1
        while true {
            do {
                return try await grantOnce(connection)
            } catch {
                guard attempt < 5, case .failed(_, let state?, _) = error, Self.retriedStates.contains(state) else {
                    throw error
                }
                attempt += 1
            }
        }
    }

    /// SQLSTATEs of a concurrent `init` on the same server.
    private static let retriedStates: Set<String> = [SQLState.uniqueViolation, "XX000", SQLState.serializationFailure]

    private static func grantOnce(_ connection: StudyConnection) async throws(StudyDatabaseError) -> Outcome {
        do {
            try await connection.transaction("grant the study roles") { connection in
                // Since PostgreSQL 15 PUBLIC may not create in `public`; older servers allow it, and a function created
                // there could shadow a built-in for every other role (CVE-2018-1058). Connections also pin search_path.
                try await connection.execute(
                    "REVOKE CREATE ON SCHEMA public FROM PUBLIC", "revoke creating in schema public")
                for role in [reader, publisher, service] {
                    let quoted = StudyConnection.quoted(identifier: role)
                    try await connection.execute(
                        PostgresQuery(
                            unsafeSQL: """
                                DO $$ BEGIN
                                    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(role)') THEN
                                        CREATE ROLE \(quoted) NOLOGIN;
                                    END IF;
                                END $$
                                """), "create role \(role)")
                    try await connection.execute(
                        PostgresQuery(unsafeSQL: "GRANT USAGE ON SCHEMA public TO \(quoted)"),
                        "grant schema use to \(role)")
                    guard role != service else { continue }
                    try await connection.execute(
                        PostgresQuery(unsafeSQL: "GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(quoted)"),
                        "grant reading to \(role)")
                }
                for grant in serviceGrants {
                    try await connection.execute(PostgresQuery(unsafeSQL: grant), "grant the service its privileges")
                }
                let publisher = StudyConnection.quoted(identifier: Self.publisher)
                try await connection.execute(
                    PostgresQuery(
                        unsafeSQL: """
                            GRANT INSERT, UPDATE ON study, study_revision, participant, task_version, outcome, outcome_value,
                                device, device_change, enrolment_code, sync_conflict
                            TO \(publisher)
                            """), "grant writing to \(Self.publisher)")
                // Researchers' changes are audited and devices are revoked; the audit log is never updated.
                try await connection.execute(
                    PostgresQuery(unsafeSQL: "GRANT INSERT ON audit_event TO \(publisher)"),
                    "grant auditing to \(Self.publisher)")
                try await connection.execute(
                    PostgresQuery(unsafeSQL: "GRANT INSERT, UPDATE (revoked_at) ON device_token TO \(publisher)"),
                    "grant revoking to \(Self.publisher)")
                try await connection.execute(
                    PostgresQuery(unsafeSQL: "GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(publisher)"),
                    "grant numbering to \(Self.publisher)")
            }
            return .granted
        } catch let error as StudyDatabaseError {
            if case .permissionDenied = error { return .notAllowed }
            throw error
        } catch {
            throw .failed(operation: "grant the study roles", sqlState: nil, detail: String(describing: error))
        }
    }
}
