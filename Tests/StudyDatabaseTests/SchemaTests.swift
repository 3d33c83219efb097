import Foundation
import PostgresNIO
import Testing

@testable import StudyDatabase

/// `study init` against the real test server: the schema is created once, migrating again changes nothing, two
/// inits at once both succeed, and opening checks the schema and the study.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason)) struct SchemaTests {
    @Test func initCreatesTheSchemaAndTheStudyOnce() async throws {
        try await TestServer.withDatabase { url in
            let first = try await StudyDatabase.initialize(url: url, role: nil, studyID: "knee-trial")
            #expect(first.schemaFrom == 0)
            #expect(first.schemaTo == SchemaMigrations.current)
            #expect(first.studyCreated)
            #expect(first.roles == .granted)
            let second = try await StudyDatabase.initialize(url: url, role: nil, studyID: "knee-trial")
            #expect(second.schemaFrom == SchemaMigrations.current)
            #expect(!second.studyCreated)
            let study = try await StudyDatabase.open(url: url, role: nil, studyID: nil)
            #expect(study.studyID == "knee-trial")
            #expect(try await StudyTable.revision(of: "knee-trial", study.connection) == 0)
            await study.close()
        }
    }

    @Test func aVersion1DatabaseMigratesToTheCurrentVersionWithItsRowsAndWithoutTheOutcomeForeignKeys() async throws {
        try await TestServer.withDatabase { url in
            // A database as version 1 left it: its statements applied and recorded, as a released Regimen did.
            let connection = try await StudyConnection.open(url)
            try await connection.execute(
                """
                CREATE TABLE regimen_schema_migration (
                    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                """, "create")
            for statement in SchemaMigrations.all[0].statements {
                try await connection.execute(PostgresQuery(unsafeSQL: statement), "version 1")
            }
            try await connection.execute(
                "INSERT INTO regimen_schema_migration (version, name) VALUES (1, 'v1')", "record")
            try await connection.execute("INSERT INTO study (id) VALUES ('knee-trial')", "study")
            for label in ["ana", "raj"] {
                try await connection.execute(
                    """
                    INSERT INTO participant (id, study_id, label, enrolled_at, home_time_zone)
                    VALUES (gen_random_uuid(), 'knee-trial', \(label), now(), 'UTC')
                    """, "participant")
            }
            func foreignKeys() async throws -> [String] {
                try await connection.rows(
                    """
                    SELECT conname FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text
                    IN ('outcome', 'outcome_value') ORDER BY conname
                    """, "read"
                ).map { try $0.decode(String.self) }
            }
            #expect(
                try await foreignKeys() == [
                    "outcome_participant_id_fkey", "outcome_task_uuid_fkey", "outcome_value_outcome_uuid_fkey",
                ])
            await #expect(throws: StudyDatabaseError.schemaOutdated(found: 1, current: SchemaMigrations.current)) {
                try await StudyDatabase.open(url: url, role: nil, studyID: nil)
            }
            let report = try await StudyDatabase.initialize(url: url, role: nil, studyID: "knee-trial")
            #expect(report.schemaFrom == 1 && report.schemaTo == SchemaMigrations.current && !report.studyCreated)
            #expect(try await foreignKeys().isEmpty)
            let indexes = try await connection.rows(
                "SELECT indexname FROM pg_indexes WHERE tablename = 'outcome' ORDER BY indexname", "read"
            ).map { try $0.decode(String.self) }
            // Version 2 dropped the index by server_seq; version 3 brought it back for devices' pulls.
            #expect(
                indexes == [
                    "outcome_by_participant_seq", "outcome_by_sync_id", "outcome_one_live_per_event", "outcome_pkey",
                ])
            // Version 5 drew a secret for the study and a shift for each participant that existed before it.
            let study = try await StudyDatabase.open(url: url, role: nil, studyID: "knee-trial")
            let keys = try await study.deidentificationKeys()
            await study.close()
            #expect(keys.secret.count == 32 && keys.shiftDays.count == 2)
            await connection.close()
        }
    }

    @Test func twoInitsAtOnceBothSucceed() async throws {
        try await TestServer.withDatabase { url in
            async let a = StudyDatabase.initialize(url: url, role: nil, studyID: "a")
            async let b = StudyDatabase.initialize(url: url, role: nil, studyID: "b")
            let reports = try await [a, b]
            #expect(reports.map(\.schemaTo) == [SchemaMigrations.current, SchemaMigrations.current])
            #expect(reports.filter { $0.schemaFrom == 0 }.count == 1)
            await #expect(throws: StudyDatabaseError.studyNotNamed(known: ["a", "b"])) {
                try await StudyDatabase.open(url: url, role: nil, studyID: nil)
            }
        }
    }

    @Test func openingRefusesAnEmptyDatabaseAndAnUnknownStudy() async throws {
        try await TestServer.withDatabase { url in
            await #expect(throws: StudyDatabaseError.notInitialized(database: url.database)) {
                try await StudyDatabase.open(url: url, role: nil, studyID: nil)
            }
            _ = try await StudyDatabase.initialize(url: url, role: nil, studyID: "knee-trial")
            await #expect(throws: StudyDatabaseError.studyNotFound(id: "hip", known: ["knee-trial"])) {
                try await StudyDatabase.open(url: url, role: nil, studyID: "hip")
            }
            await #expect(throws: StudyDatabaseError.invalidStudyID("no spaces")) {
                try await StudyDatabase.initialize(url: url, role: nil, studyID: "no spaces")
            }
        }
    }

    @Test func aWrongPasswordAndAClosedPortAreToldApart() async throws {
        guard var url = TestServer.adminURL else { return }
        url.password = "not-the-password"
        await #expect(throws: StudyDatabaseError.authenticationFailed(server: url.server, user: url.user)) {
            try await StudyConnection.open(url)
        }
        var closed = url
        closed.port = 1
        do {
            _ = try await StudyConnection.open(closed)
            Issue.record("connected to port 1")
        } catch {
            guard case .unreachable(let server, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(server == closed.server)
        }
    }

    @Test func theReaderRoleMayReadButNotWrite() async throws {
        try await TestServer.withDatabase { url in
            _ = try await StudyDatabase.initialize(url: url, role: nil, studyID: "knee-trial")
            let login = "reader_\(url.database.suffix(8))"
            try await TestServer.administer(
                "CREATE ROLE \(login) LOGIN PASSWORD 'pw-\(login)' IN ROLE \(AccessRoles.reader)", on: url)
            var readerURL = url
            readerURL.user = login
            readerURL.password = "pw-\(login)"
            let study = try await StudyDatabase.open(url: readerURL, role: AccessRoles.reader, studyID: nil)
            #expect(try await StudyTable.revision(of: "knee-trial", study.connection) == 0)
            await #expect(
                throws: StudyDatabaseError.permissionDenied(operation: "create study other", role: AccessRoles.reader)
            ) {
                try await StudyTable.create(id: "other", study.connection)
            }
            await study.close()
            await #expect(throws: StudyDatabaseError.roleUnavailable(role: AccessRoles.publisher)) {
                try await StudyDatabase.open(url: readerURL, role: AccessRoles.publisher, studyID: nil)
            }
            try await TestServer.administer("DROP OWNED BY \(login)", on: url)
            try await TestServer.administer("DROP ROLE \(login)", on: url)
        }
    }
}
