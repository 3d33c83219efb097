import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The contract of `scripts/with-postgres` (docs/test-database.md): the command runs against a private server whose
/// URL it is given, its exit status comes back, and afterwards the server is stopped and its folder removed; runs side
/// by side get servers of their own, and a run inside another reuses the outer server.
///
/// XCTest, not Swift Testing: children of Swift Testing inherit a signal mask that blocks SIGINT and SIGTERM
/// (docs/terminal-input.md, "Terminal or pipe"), and the script relies on its signal traps.
final class WithPostgresScriptTests: XCTestCase {
    private var script: URL { RegimenProcess.packageRoot.appendingPathComponent("scripts/with-postgres") }
    private var sandbox: URL!

    override func setUpWithError() throws {
        let binaries = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let installed = binaries.contains {
            FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb")
        }
        if !installed, getuid() != 0 {
            throw XCTSkip("PostgreSQL is not installed (/usr/lib/postgresql/*/bin) and only root may install it")
        }
        sandbox = FileManager.default.temporaryDirectory.appendingPathComponent(
            "regimen-with-postgres-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let sandbox { try? FileManager.default.removeItem(at: sandbox) }
    }

    /// The command reaches the server by its URL, its exit status 3 is the script's, and at exit the server's folder
    /// (which holds its socket) is gone and nothing listens on its port any more.
    func testCommandRunsAgainstPrivateServerThatIsRemovedAtExit() throws {
        let run = try start(
            #"psql "$REGIMEN_TEST_DATABASE_URL" -Atc "select 1"; echo "$REGIMEN_TEST_DATABASE_PORT" > port; echo "$REGIMEN_TEST_DATABASE_SOCKET" > socket; exit 3"#,
            name: "single")
        let status = finish(run)
        let output = try read("single.out")
        let errors = try read("single.err")
        XCTAssertEqual(status, 3, "the script must exit with the command's status:\n\(output)\(errors)")
        XCTAssertEqual(output, "1\n", "psql did not print the query's result:\n\(output)\(errors)")
        let port = try XCTUnwrap(UInt16(try read("port").trimmingCharacters(in: .whitespacesAndNewlines)))
        let folder = try read("socket").trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(folder.isEmpty, "REGIMEN_TEST_DATABASE_SOCKET was not set")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "the server's folder \(folder) was left behind")
        XCTAssertFalse(isListening(port: port), "something still listens on 127.0.0.1:\(port)")
    }

    /// Two runs at the same time (each waits until the other's server is up) get two servers on two ports.
    func testConcurrentRunsGetServersOfTheirOwn() throws {
        let waitFor = { (other: String) in
            #"i=0; while [ ! -s \#(other) ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i+1)); done; [ -s \#(other) ] && psql "$REGIMEN_TEST_DATABASE_URL" -Atc "select 1""#
        }
        let first = try start(
            #"echo "$REGIMEN_TEST_DATABASE_PORT" > first-port; "# + waitFor("second-port"), name: "first")
        let second = try start(
            #"echo "$REGIMEN_TEST_DATABASE_PORT" > second-port; "# + waitFor("first-port"), name: "second")
        let statuses = (finish(first), finish(second))
        let outputs = try (read("first.err"), read("second.err"))
        XCTAssertEqual(statuses.0, 0, outputs.0)
        XCTAssertEqual(statuses.1, 0, outputs.1)
        let ports = try [read("first-port"), read("second-port")].map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertFalse(ports[0].isEmpty)
        XCTAssertNotEqual(ports[0], ports[1], "two concurrent runs shared port \(ports[0])")
    }

    /// A run inside another sees the outer server (same port) and starts none of its own.
    func testNestedRunReusesTheOuterServer() throws {
        let inner = #"echo "$REGIMEN_TEST_DATABASE_PORT" > inner-port"#
        let run = try start(
            #"echo "$REGIMEN_TEST_DATABASE_PORT" > outer-port; "\#(script.path)" sh -c '\#(inner)'"#, name: "nested")
        let status = finish(run)
        let output = try read("nested.err")
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(try read("inner-port"), try read("outer-port"))
        XCTAssertEqual(
            output.components(separatedBy: "(private, removed at exit)").count - 1, 1,
            "expected exactly one server to start:\n\(output)")
    }

    /// Starts `scripts/with-postgres sh -c COMMAND` in the sandbox, stdout into `NAME.out` and stderr into `NAME.err`,
    /// with no outer server in its environment (the tests themselves may run inside one).
    private func start(_ command: String, name: String) throws -> Process {
        let outputFile = sandbox.appendingPathComponent("\(name).out")
        let errorFile = sandbox.appendingPathComponent("\(name).err")
        XCTAssertTrue(FileManager.default.createFile(atPath: outputFile.path, contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: errorFile.path, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, "sh", "-c", command]
        process.currentDirectoryURL = sandbox
        var environment = ProcessInfo.processInfo.environment
        for key in ["REGIMEN_TEST_DATABASE_URL", "REGIMEN_TEST_DATABASE_PORT", "REGIMEN_TEST_DATABASE_SOCKET"] {
            environment[key] = nil
        }
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits (at most 240 s: initdb is slow on a busy machine) and returns the exit status, or -1 after killing it.
    private func finish(_ process: Process) -> Int32 {
        let deadline = Date().addingTimeInterval(240)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else {
            process.terminate()
            process.waitUntilExit()
            XCTFail("scripts/with-postgres did not finish within 240 s")
            return -1
        }
        return process.terminationStatus
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOf: sandbox.appendingPathComponent(name), encoding: .utf8)
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted.
    private func isListening(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
