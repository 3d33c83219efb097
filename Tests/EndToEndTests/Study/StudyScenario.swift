import Foundation
import Testing

/// A sandbox folder with a copy of the check-in survey, and the built `regimen` run against a study database with a
/// pinned clock (docs/test-database.md).
struct StudyScenario {
    let sandbox: URL
    let url: String
    /// The pinned "now" of study commands.
    var now = "2026-03-25T06:00:00Z"
    /// The study service devices enroll and sync through, once started (`startService`).
    var service: StudyServiceProcess?

    var surveys: URL { sandbox.appendingPathComponent("surveys", isDirectory: true) }
    var export: URL { sandbox.appendingPathComponent("study-export", isDirectory: true) }

    init(url: String) throws {
        self.url = url
        sandbox = FileManager.default.temporaryDirectory.appendingPathComponent(
            "regimen-study-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: surveys, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: RegimenProcess.packageRoot.appendingPathComponent("Sources/Catalog/Surveys/checkin.yaml"),
            to: surveys.appendingPathComponent("checkin.yaml"))
    }

    /// Starts the study service for this scenario's database (initialized already).
    mutating func startService(arguments: [String] = []) throws {
        service = try StudyServiceProcess(
            adminURL: url, folder: sandbox.appendingPathComponent("service"), arguments: arguments)
    }

    /// Stops the service, if any, and removes the sandbox.
    func cleanUp() {
        service?.stop()
        try? FileManager.default.removeItem(at: sandbox)
    }

    /// Runs `regimen arguments…` on the study database (or `databaseURL` in `REGIMEN_DATABASE_URL`: "" for a machine
    /// that knows none) at `now` (or the given instant) in `zone`.
    func regimen(
        _ arguments: [String], input: String = "", now instant: String? = nil, zone: String = "UTC",
        databaseURL: String? = nil
    ) throws -> RegimenProcess.Outcome {
        var process = try RegimenProcess()
        defer { process.cleanUp() }
        process.now = instant ?? now
        return try process.run(
            arguments, input: input,
            environment: [
                "REGIMEN_DATABASE_URL": databaseURL ?? url, "TZ": zone,
                "REGIMEN_HOME": sandbox.appendingPathComponent("home").path,
            ])
    }

    /// Runs a study command and checks its exit status (and that standard error names `says`).
    @discardableResult
    func expect(_ arguments: [String], status: Int32, says: String? = nil) throws -> RegimenProcess.Outcome {
        let run = try regimen(arguments)
        #expect(
            run.status == status,
            "regimen \(arguments.joined(separator: " ")) → \(run.status)\n\(run.stdout)\(run.stderr)")
        if let says { #expect(run.stderr.contains(says), "\(run.stderr)") }
        return run
    }

    /// The ISO 8601 instant of `hour`:00 on `day` in `zone`.
    static func instant(day: String, hour: Int, zone: String) throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let parts = day.split(separator: "-").compactMap { Int($0) }
        let date = try #require(
            calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: hour)))
        return ISO8601DateFormatter().string(from: date)
    }

    /// Rows and distinct (participant, task, occurrence) keys pandas reads from `csv`; nil when python3 or pandas is
    /// missing (the test then checks the CSV itself only).
    func pandasRowCount(csv: String) throws -> (rows: Int, uniqueKeys: Int)? {
        let file = sandbox.appendingPathComponent("wide.csv")
        try csv.write(to: file, atomically: true, encoding: .utf8)
        let script = """
            import sys
            try:
                import pandas
            except ImportError:
                sys.exit(3)
            frame = pandas.read_csv(sys.argv[1])
            print(len(frame), len(frame.drop_duplicates(subset=["participant", "task", "occurrence"])))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let numbers = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard numbers.count == 2 else { return nil }
        return (numbers[0], numbers[1])
    }
}
