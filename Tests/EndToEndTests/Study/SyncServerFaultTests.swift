import Foundation
import XCTest

/// Study sync while the server fails (docs/study-sync.md, "Interrupted syncs"): `Scripts/sync-server-faults.sh` starts
/// a private PostgreSQL server of its own (`scripts/with-postgres`), stops it immediately while a push waits to commit
/// and while a pull reads, kills the client during a pull, and checks that the next sync completes with every answer
/// stored once, everywhere.
///
/// XCTest, not Swift Testing: children of Swift Testing inherit a signal mask that blocks SIGINT and SIGTERM
/// (docs/terminal-input.md, "Terminal or pipe"), and the script and the server rely on signals.
final class SyncServerFaultTests: XCTestCase {
    private var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("regimen")
    }

    func testSyncRecoversFromAServerStoppedImmediatelyAndAKilledClient() throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("the regimen executable is not built at \(executable.path)")
        }
        let binaries = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard
            binaries.contains(where: {
                FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/pg_ctl")
            })
        else {
            throw XCTSkip("PostgreSQL is not installed (/usr/lib/postgresql/*/bin): run through scripts/test")
        }
        let root = RegimenProcess.packageRoot
        let script = root.appendingPathComponent("Tests/EndToEndTests/Scripts/sync-server-faults.sh")
        let sandbox = FileManager.default.temporaryDirectory.appendingPathComponent(
            "regimen-sync-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: sandbox) }
        let output = sandbox.appendingPathComponent("output.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: output.path, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, executable.path, root.path]
        process.currentDirectoryURL = sandbox
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: output, encoding: .utf8)
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("all 4 checks passed"), text)
    }
}
