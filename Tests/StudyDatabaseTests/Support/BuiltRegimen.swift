import Foundation

@testable import StudyDatabase

/// Runs the `regimen` executable built beside the test bundle against a test database, with "now" pinned.
enum BuiltRegimen {
    /// What a run printed and returned.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("regimen")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The URL text of `url`, password included (the test server's own).
    static func text(_ url: DatabaseURL) -> String {
        let credentials = url.user + (url.password.map { ":" + $0 } ?? "")
        if let folder = url.socketFolder {
            return "postgres://\(credentials)@/\(url.database)?host=\(folder)&port=\(url.port)"
        }
        return "postgres://\(credentials)@\(url.server)/\(url.database)"
    }

    /// Runs `executable arguments…` (the built regimen unless given) in `directory`.
    static func run(
        _ arguments: [String], url: DatabaseURL, now: String, in directory: URL, executable: URL = executable
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = [
            "REGIMEN_DATABASE_URL": text(url), "REGIMEN_NOW": now, "TZ": "UTC",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
