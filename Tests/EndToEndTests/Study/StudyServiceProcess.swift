import Foundation

/// The real `regimen study serve` for one end-to-end test (docs/study-service.md): HTTPS on a free loopback port with a
/// certificate signed by a CA the test makes with `openssl`, connected as a login of its own that is a member of
/// `regimen_service` only. `stop()` kills it; the CA's files live in the scenario's sandbox.
final class StudyServiceProcess {
    /// The service's URL, `https://127.0.0.1:PORT`.
    let url: String
    /// The PEM file of the CA devices are told to trust (`--ca-file`).
    let caFile: String
    /// Everything the service wrote to standard error (its request log).
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// The service's process id.
    var pid: Int32 { process.processIdentifier }
    /// The database URL of the service's own login.
    let serviceDatabaseURL: String

    private var process: Process
    private let logFile: URL
    private let folder: URL
    private let arguments: [String]

    /// Starts the service for the database at `adminURL` (a superuser's; the study must be initialized) in `folder`,
    /// as a new login that is a member of `regimen_service` only.
    init(adminURL: String, folder: URL, arguments: [String] = []) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let login = "svc_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let password = UUID().uuidString
        try Self.run(
            "/usr/bin/env",
            [
                "psql", adminURL, "-v", "ON_ERROR_STOP=1", "-qAtc",
                "CREATE ROLE \(login) LOGIN PASSWORD '\(password)' IN ROLE regimen_service",
            ])
        caFile = try Self.makeCertificates(in: folder)
        let at = adminURL.firstIndex(of: "@")!
        let scheme = adminURL.range(of: "://")!
        serviceDatabaseURL = String(adminURL[..<scheme.upperBound] + "\(login):\(password)" + adminURL[at...])
        logFile = folder.appendingPathComponent("service.log")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        self.folder = folder
        self.arguments = arguments
        (process, url) = try Self.start(
            listen: "127.0.0.1:0", folder: folder, arguments: arguments, databaseURL: serviceDatabaseURL, log: logFile)
    }

    /// Kills the service and waits for it.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Kills the service (SIGKILL) and starts it again on the same port.
    func restart() throws {
        stop()
        let port = url.split(separator: ":").last.map(String.init) ?? "0"
        (process, _) = try Self.start(
            listen: "127.0.0.1:\(port)", folder: folder, arguments: arguments, databaseURL: serviceDatabaseURL,
            log: logFile)
    }

    /// Sends `signal` and waits at most `seconds` for the service to exit; its exit status, nil when it did not.
    func signal(_ signal: Int32, waitingAtMost seconds: Double) -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Starts `regimen study serve` and reads the address it prints.
    private static func start(
        listen: String, folder: URL, arguments: [String], databaseURL: String, log: URL
    ) throws -> (Process, String) {
        let process = Process()
        process.executableURL = RegimenProcess.executable
        process.arguments =
            [
                "study", "serve", "--listen", listen, "--tls-certificate",
                folder.appendingPathComponent("server.pem").path,
                "--tls-key", folder.appendingPathComponent("server.key").path,
            ] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["REGIMEN_DATABASE_URL"] = databaseURL
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        let logHandle = try FileHandle(forWritingTo: log)
        logHandle.seekToEndOfFile()
        process.standardError = logHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line says where it listens.
        var line = Data()
        let deadline = Date().addingTimeInterval(60)
        while !line.contains(UInt8(ascii: "\n")), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let address = text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines),
            address.hasPrefix("https://")
        else {
            process.terminate()
            throw StudyServerError.psqlFailed(
                "the service did not start: \(text) \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        return (process, address)
    }

    deinit { stop() }

    /// A CA and a server certificate for 127.0.0.1 and localhost signed by it; returns the CA's PEM file.
    private static func makeCertificates(in folder: URL) throws -> String {
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try run(
            "/usr/bin/env",
            [
                "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                "-nodes", "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2", "-subj",
                "/CN=Regimen test CA",
            ])
        try run(
            "/usr/bin/env",
            [
                "openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1",
            ])
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(
            toFile: path("san.ext"), atomically: true, encoding: .utf8)
        try run(
            "/usr/bin/env",
            [
                "openssl", "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey",
                path("ca.key"), "-CAcreateserial", "-out", path("server.pem"), "-days", "2", "-extfile",
                path("san.ext"),
            ])
        return path("ca.pem")
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StudyServerError.psqlFailed(arguments.joined(separator: " "))
        }
    }
}
