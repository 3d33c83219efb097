import Foundation

/// A fresh database on the test server for one end-to-end test (docs/test-database.md): created with `psql` from
/// `REGIMEN_TEST_DATABASE_URL` and dropped afterwards.
struct StudyServer {
    /// The server's superuser URL, when the run has a server.
    static let adminURL = ProcessInfo.processInfo.environment["REGIMEN_TEST_DATABASE_URL"]
    /// Whether this run has a server.
    static var isAvailable: Bool { adminURL != nil }

    /// The database's URL.
    let url: String

    /// Runs `body` with a new empty database's URL; drops it afterwards, whatever happens.
    static func withDatabase(_ body: (StudyServer) throws -> Void) throws {
        guard let adminURL else { return }
        let name = "regimen_e2e_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        try psql(adminURL, "CREATE DATABASE \(name)")
        defer { try? psql(adminURL, "DROP DATABASE \(name) WITH (FORCE)") }
        guard let slash = adminURL.lastIndex(of: "/") else { return }
        try body(StudyServer(url: adminURL[..<slash] + "/" + name))
    }

    /// Runs one statement as the superuser on this database.
    func administer(_ sql: String) throws {
        try Self.psql(url, sql)
    }

    /// The URL with another login and password.
    func url(user: String, password: String) -> String {
        guard let at = url.firstIndex(of: "@"), let scheme = url.range(of: "://") else { return url }
        return url[..<scheme.upperBound] + "\(user):\(password)" + url[at...]
    }

    private static func psql(_ url: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw StudyServerError.psqlFailed(sql) }
    }
}

/// Why a test database could not be made.
enum StudyServerError: Error {
    /// `psql` failed to run this statement.
    case psqlFailed(String)
}
