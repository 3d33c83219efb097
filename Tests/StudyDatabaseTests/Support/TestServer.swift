import Foundation
import PostgresNIO
import Testing

@testable import StudyDatabase

/// The private PostgreSQL server `scripts/with-postgres` starts for a test run (docs/test-database.md): each test gets
/// a database of its own, created empty and dropped afterwards, so tests run in parallel without seeing each other.
enum TestServer {
    /// The server's superuser URL, when the run has a server.
    static let adminURL: DatabaseURL? = ProcessInfo.processInfo.environment["REGIMEN_TEST_DATABASE_URL"].flatMap {
        try? DatabaseURL(parsing: $0)
    }

    /// Why server tests are skipped, for the test trait's comment.
    static let skipReason: Comment =
        "no test server: run through scripts/test or scripts/with-postgres (REGIMEN_TEST_DATABASE_URL unset)"

    /// Whether this run has a server.
    static var isAvailable: Bool { adminURL != nil }

    /// Runs `body` with the URL of a new, empty database, and drops the database afterwards, whatever happens.
    static func withDatabase<T: Sendable>(_ body: (DatabaseURL) async throws -> T) async throws -> T {
        guard let adminURL else { throw TestServerError.noServer }
        let name = "regimen_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        let admin = try await StudyConnection.open(adminURL)
        try await admin.execute(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), "create a test database")
        var url = adminURL
        url.database = String(name)
        do {
            let result = try await body(url)
            try await admin.execute(
                PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), "drop a test database")
            await admin.close()
            return result
        } catch {
            try? await admin.execute(
                PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), "drop a test database")
            await admin.close()
            throw error
        }
    }

    /// Runs one statement as the superuser on `url`'s database (setting up roles and logins for a test).
    static func administer(_ sql: String, on url: DatabaseURL) async throws {
        guard let adminURL else { throw TestServerError.noServer }
        var target = adminURL
        target.database = url.database
        let connection = try await StudyConnection.open(target)
        defer { Task { await connection.close() } }
        try await connection.execute(PostgresQuery(unsafeSQL: sql), "administer the test database")
    }
}

/// Why a test could not reach its server.
enum TestServerError: Error {
    /// REGIMEN_TEST_DATABASE_URL is not set.
    case noServer
}
