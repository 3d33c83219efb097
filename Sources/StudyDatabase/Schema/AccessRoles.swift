import PostgresNIO

/// The study's two group roles (docs/study-database.md, "Roles"): `regimen_reader` may read everything,
/// `regimen_publisher` may also enroll, publish and ingest. Neither may delete a row or change the schema. A
/// researcher's own login is made a member of one (`GRANT regimen_reader TO alice`) and names it with `--role`.
package enum AccessRoles {
    /// The read-only role.
    package static let reader = "regimen_reader"
    /// The role that may enroll, publish and ingest.
    package static let publisher = "regimen_publisher"

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
                guard attempt < 5, case .failed(_, let state?, _) = error, Self.retriedStates.contains(state) else { throw error }
                attempt += 1
            }
        }
    }

    /// SQLSTATEs of a concurrent `init` on the same server.
    private static let retriedStates: Set<String> = [SQLState.uniqueViolation, "XX000", SQLState.serializationFailure]

    private static func grantOnce(_ connection: StudyConnection) async throws(StudyDatabaseError) -> Outcome {
        do {
            try await connection.transaction("grant the study roles") { connection in
                for role in [reader, publisher] {
                    let quoted = StudyConnection.quoted(identifier: role)
                    try await connection.execute(
                        PostgresQuery(unsafeSQL: """
                            DO $$ BEGIN
                                IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(role)') THEN
                                    CREATE ROLE \(quoted) NOLOGIN;
                                END IF;
                            END $$
                            """), "create role \(role)")
                    try await connection.execute(
                        PostgresQuery(unsafeSQL: "GRANT USAGE ON SCHEMA public TO \(quoted)"), "grant schema use to \(role)")
                    try await connection.execute(
                        PostgresQuery(unsafeSQL: "GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(quoted)"),
                        "grant reading to \(role)")
                }
                let publisher = StudyConnection.quoted(identifier: Self.publisher)
                try await connection.execute(
                    PostgresQuery(unsafeSQL: """
                        GRANT INSERT, UPDATE ON study, study_revision, participant, task_version, outcome, outcome_value,
                            device, device_change, enrolment_code, sync_conflict
                        TO \(publisher)
                        """), "grant writing to \(Self.publisher)")
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
