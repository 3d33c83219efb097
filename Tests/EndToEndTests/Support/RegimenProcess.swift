import Foundation

/// Runs the built `regimen` executable as a child process with pinned time, zone and home.
struct RegimenProcess {
    /// What one run printed and returned.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The folder holding this run's home, store and results; removed by `cleanUp()`.
    let sandbox: URL
    /// The pinned "now".
    var now = "2026-11-21T08:04:00Z"

    init() throws {
        sandbox = FileManager.default.temporaryDirectory.appendingPathComponent(
            "regimen-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
    }

    /// The `regimen` binary built beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("regimen")
    }

    /// The package root (for the shipped `surveys/`).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The `python3` on PATH, if any: it runs the repository's checker scripts (scripts/*.py).
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    var home: URL { sandbox.appendingPathComponent("home", isDirectory: true) }
    var store: URL { sandbox.appendingPathComponent("store.sqlite") }
    var results: URL { sandbox.appendingPathComponent("results", isDirectory: true) }

    /// The environment a child `regimen` runs with: this process's, with home, time, surveys, zone and language
    /// (none: surveys show their default) pinned and no color.
    var childEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["REGIMEN_LANGUAGE", "LC_ALL", "LC_MESSAGES"] { environment[name] = nil }
        environment["LANG"] = "C.UTF-8"
        environment["REGIMEN_HOME"] = home.path
        environment["REGIMEN_NOW"] = now
        environment["REGIMEN_SURVEYS"] = Self.packageRoot.appendingPathComponent("surveys").path
        environment["TZ"] = "UTC"
        environment["NO_COLOR"] = "1"
        return environment
    }

    /// Runs `regimen arguments…` (or `program`, a copy or link of it) with `input` on a pipe as standard input.
    func run(
        _ arguments: [String], input: String = "", environment extra: [String: String] = [:],
        program: URL = Self.executable
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = sandbox
        process.environment = childEnvironment.merging(extra) { $1 }
        // Output goes to files, so a chatty child never blocks on a full pipe.
        let outputFile = sandbox.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errorFile = sandbox.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        return Outcome(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outputFile, encoding: .utf8),
            stderr: try String(contentsOf: errorFile, encoding: .utf8)
        )
    }

    /// The JSON files under the results folder, sorted by name.
    func resultFiles() -> [URL] {
        let enumerator = FileManager.default.enumerator(at: results, includingPropertiesForKeys: nil)
        let files = (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }
        return files.sorted { $0.path < $1.path }
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: sandbox)
    }
}
