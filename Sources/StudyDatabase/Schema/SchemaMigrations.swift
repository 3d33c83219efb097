import PostgresNIO

/// The study schema's migrations, oldest first, and the one runner that applies them. A migration is never edited
/// once released: a change is a new step (docs/study-database.md, "Schema and migrations").
package enum SchemaMigrations {
    /// Every step; versions count up from 1 without gaps.
    static let all: [SchemaMigration] = [
        SchemaMigration(
            version: 1, name: "studies, revisions, participants, task versions, outcomes and their values",
            statements: StudyTable.createV1 + StudyRevisionTable.createV1 + ParticipantTable.createV1
                + TaskVersionTable.createV1 + OutcomeTable.createV1 + OutcomeValueTable.createV1),
        SchemaMigration(
            version: 2, name: "outcomes and their values without per-row foreign key checks",
            statements: OutcomeTable.changesV2 + OutcomeValueTable.changesV2),
        SchemaMigration(
            version: 3, name: "devices, enrolment codes, acknowledged changes and the conflict log for study sync",
            statements: DeviceTable.createV3 + EnrollmentCodeTable.createV3 + DeviceChangeTable.createV3
                + SyncConflictTable.createV3 + OutcomeTable.changesV3 + TaskVersionTable.changesV3),
        SchemaMigration(
            version: 4, name: "device tokens for the study service, and the audit log",
            statements: DeviceTokenTable.createV4 + AuditEventTable.createV4),
        SchemaMigration(
            version: 5, name: "the study's de-identification secret and each participant's date shift",
            statements: DeidentificationColumns.createV5),
    ]

    /// The schema version this program reads and writes.
    package static var current: Int { all.last?.version ?? 0 }

    /// The schema version of the connected database; 0 when it has no Regimen schema.
    package static func version(_ connection: StudyConnection) async throws(StudyDatabaseError) -> Int {
        let rows = try await connection.rows(
            "SELECT to_regclass('regimen_schema_migration') IS NOT NULL", "read the schema version")
        guard let row = rows.first, try row.decoded(Bool.self, what: "the schema version") else { return 0 }
        let version = try await connection.rows(
            "SELECT coalesce(max(version), 0) FROM regimen_schema_migration", "read the schema version")
        return try version.first?.decoded(Int.self, what: "the schema version") ?? 0
    }

    /// Applies every step the database lacks, each in its own transaction, holding an advisory lock so two
    /// `study init`s at once apply each step once. Returns the versions before and after.
    package static func migrate(_ connection: StudyConnection) async throws(StudyDatabaseError) -> (from: Int, to: Int)
    {
        do {
            return try await connection.transaction("migrate the study schema") { connection in
                try await connection.execute("SELECT pg_advisory_xact_lock(\(Self.lockKey))", "lock the schema")
                try await connection.execute(
                    """
                    CREATE TABLE IF NOT EXISTS regimen_schema_migration (
                        version integer PRIMARY KEY,
                        name text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now())
                    """, "create the migration table")
                let found = try await version(connection)
                guard found <= current else { throw StudyDatabaseError.schemaTooNew(found: found, current: current) }
                for step in all where step.version > found {
                    for statement in step.statements {
                        try await connection.execute(
                            PostgresQuery(unsafeSQL: statement), "migrate to schema \(step.version)")
                    }
                    try await connection.execute(
                        "INSERT INTO regimen_schema_migration (version, name) VALUES (\(step.version), \(step.name))",
                        "record schema \(step.version)")
                }
                return (found, current)
            }
        } catch let error as StudyDatabaseError {
            throw error
        } catch {
            throw .failed(operation: "migrate the study schema", sqlState: nil, detail: String(describing: error))
        }
    }

    /// The advisory lock key of schema changes (any fixed number; "regimen" in ASCII).
    private static let lockKey: Int64 = 0x7265_6769_6D65_6E
}
