import Foundation
import PostgresNIO
import Testing

@testable import StudyDatabase

/// What `study init` grants and what every connection starts with (docs/study-database.md, "Roles" and "Connecting";
/// docs/study-service.md, "The database"): the service's role changes only the columns its requests change, no role
/// may touch the audit log, PUBLIC may not create in `public`, and the service's sessions carry their timeouts.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason)) struct AccessHardeningTests {
    /// A login that is a member of `role` only, on the database at `url`.
    static func login(_ role: String, on url: DatabaseURL) async throws -> DatabaseURL {
        let name = "\(role.replacingOccurrences(of: "regimen_", with: ""))_\(url.database.suffix(8))"
        try await TestServer.administer("CREATE ROLE \(name) LOGIN PASSWORD 'pw-\(name)' IN ROLE \(role)", on: url)
        var login = url
        login.user = name
        login.password = "pw-\(name)"
        return login
    }

    /// Runs `sql` and returns the SQLSTATE it failed with; nil when it succeeded.
    static func failure(of sql: String, on connection: StudyConnection) async -> String? {
        do {
            try await connection.execute(PostgresQuery(unsafeSQL: sql), "probe")
            return nil
        } catch {
            switch error {
            case .permissionDenied: return SQLState.insufficientPrivilege
            case .failed(_, let state, _): return state ?? "unknown"
            default: return "\(error)"
            }
        }
    }

    @Test func theServiceRoleChangesOnlyWhatItsRequestsChangeAndNoRoleChangesTheAuditLog() async throws {
        try await TestServer.withDatabase { url in
            _ = try await StudyDatabase.initialize(url: url, role: nil, studyID: "knee-trial")
            let admin = try await StudyConnection.open(url)
            try await admin.execute(
                "INSERT INTO audit_event (study_id, actor, role, action) VALUES ('knee-trial', 'test', 'test', 'publish')",
                "seed")
            let service = try await StudyConnection.open(
                try await Self.login(AccessRoles.service, on: url), settings: .service)
            let publisher = try await StudyConnection.open(try await Self.login(AccessRoles.publisher, on: url))
            let denied = SQLState.insufficientPrivilege
            for sql in [
                "UPDATE outcome_value SET kind = 'x'", "DELETE FROM outcome", "UPDATE participant SET label = 'x'",
                "UPDATE task_version SET title = 'x'", "UPDATE study SET revision = 9",
                "INSERT INTO study (id) VALUES ('other')",
                "UPDATE device_change SET kind = 'delete'", "UPDATE audit_event SET actor = 'x'",
                "DELETE FROM audit_event",
                "TRUNCATE audit_event", "CREATE TABLE public.shadow (x int)",
            ] {
                #expect(await Self.failure(of: sql, on: service) == denied, "the service may: \(sql)")
            }
            // No lock beyond ROW EXCLUSIVE (what INSERT allows), which stops no other reader or writer.
            for table in ["participant", "outcome", "device", "study"] {
                for mode in ["SHARE", "SHARE ROW EXCLUSIVE", "EXCLUSIVE", "ACCESS EXCLUSIVE"] {
                    try await service.execute("BEGIN", "begin")
                    let failure = await Self.failure(of: "LOCK TABLE \(table) IN \(mode) MODE", on: service)
                    try await service.execute("ROLLBACK", "roll back")
                    #expect(failure == denied, "the service may lock \(table) in \(mode) mode")
                }
            }
            // What its requests do change, it may.
            #expect(await Self.failure(of: "UPDATE participant SET server_seq = server_seq", on: service) == nil)
            #expect(await Self.failure(of: "UPDATE device_token SET last_used_at = now()", on: service) == nil)
            // Neither a researcher nor the table's owner may change or delete an audit entry.
            for sql in ["UPDATE audit_event SET actor = 'x'", "DELETE FROM audit_event", "TRUNCATE audit_event"] {
                #expect(await Self.failure(of: sql, on: publisher) == denied, "a publisher may: \(sql)")
                #expect(await Self.failure(of: sql, on: admin) == denied, "the owner may: \(sql)")
            }
            #expect(await Self.failure(of: "CREATE TABLE public.shadow (x int)", on: publisher) == denied)
            let rows = try await admin.rows("SELECT count(*) FROM audit_event", "count")
            #expect(try rows.first?.decode(Int.self) == 1)
            for connection in [service, publisher, admin] { await connection.close() }
        }
    }

    @Test func everyConnectionPinsItsSearchPathAndTheServicesCarryTheirTimeouts() async throws {
        try await TestServer.withDatabase { url in
            _ = try await StudyDatabase.initialize(url: url, role: nil, studyID: "knee-trial")
            func settings(_ connection: StudyConnection) async throws -> [String] {
                try await connection.rows(
                    """
                    SELECT current_setting('search_path'), current_setting('statement_timeout'),
                        current_setting('lock_timeout'), current_setting('idle_in_transaction_session_timeout')
                    """, "read the settings"
                ).first.map { try $0.decode((String, String, String, String).self) }.map { [$0.0, $0.1, $0.2, $0.3] }
                    ?? []
            }
            let service = try await StudyConnection.open(
                try await Self.login(AccessRoles.service, on: url), settings: .service)
            #expect(try await settings(service) == ["public", "30s", "5s", "15s"])
            let command = try await StudyConnection.open(url)
            #expect(try await settings(command) == ["public", "0", "0", "0"])
            for connection in [service, command] { await connection.close() }
        }
    }
}
