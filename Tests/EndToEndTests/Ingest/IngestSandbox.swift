import Foundation

/// Result files written for ingest tests, and `regimen ingest` launched as a real process (to kill or to run two).
struct IngestSandbox {
    let regimen: RegimenProcess

    init() throws { regimen = try RegimenProcess() }

    var store: String { regimen.store.path }

    /// A folder inside the sandbox (created).
    func folder(_ name: String) throws -> URL {
        let url = regimen.sandbox.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The run UUID of check-in number `index` (stable, so files can be written twice).
    static func runUUID(_ index: Int, salt: Int = 0) -> String {
        String(format: "3F2504E0-4F89-41D3-%04X-%012X", salt, index)
    }

    /// A check-in result (Regimen's serializer JSON) that ended at `end` (text with offset, e.g.
    /// "2026-11-21T08:05:02+0000"), answers `pain` and `sleep`, optionally with `userInfo`.
    static func checkIn(
        run: String, end: String, pain: Int = 4, sleep: Int? = 8, userInfo: String? = nil, task: String = "checkin"
    ) -> String {
        let info = userInfo.map { "\"userInfo\": \($0)," } ?? ""
        let sleepAnswer = sleep.map { "\"scaleAnswer\": \($0), " } ?? ""
        return """
            {"_class": "ORKTaskResult", "identifier": "\(task)", "taskRunUUID": "\(run)", "startDate": "\(end)",
             "endDate": "\(end)", \(info)
             "results": [{"_class": "ORKStepResult", "identifier": "checkin.form", "startDate": "\(end)", "endDate": "\(end)",
               "results": [
                 {"_class": "ORKScaleQuestionResult", "identifier": "checkin.form.pain", "questionType": 1,
                  "scaleAnswer": \(pain), "startDate": "\(end)", "endDate": "\(end)"},
                 {"_class": "ORKScaleQuestionResult", "identifier": "checkin.form.sleep", "questionType": 1,
                  \(sleepAnswer)"startDate": "\(end)", "endDate": "\(end)"}]}]}
            """
    }

    /// Writes daily check-ins for days `days` (day 0 = 2018-01-01, ended 08:05 UTC) into `folder`; returns their URLs.
    /// Day 0 is early enough that 3,000 days all end before the pinned now (ingest refuses runs ending in the future).
    @discardableResult
    static func writeDaily(_ days: Range<Int>, into folder: URL) throws -> [URL] {
        let base = Date(timeIntervalSince1970: 1_514_793_900)  // 2018-01-01T08:05:00Z
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return try days.map { day in
            let end = formatter.string(from: base.addingTimeInterval(Double(day) * 86_400)).replacingOccurrences(
                of: "Z", with: "+0000")
            let url = folder.appendingPathComponent("checkin-\(day).json")
            try Data(checkIn(run: runUUID(day), end: end, pain: 1 + day % 10, sleep: day % 12).utf8).write(to: url)
            return url
        }
    }

    /// Runs `regimen arguments…` to the end.
    func run(_ arguments: [String]) throws -> RegimenProcess.Outcome {
        try regimen.run(arguments)
    }

    /// A started process and the file its standard error goes to.
    struct Launched {
        let process: Process
        let errorFile: URL

        /// Waits for the end; returns the exit status and what it wrote on standard error.
        func finish() -> (status: Int32, stderr: String) {
            process.waitUntilExit()
            return (process.terminationStatus, (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
        }
    }

    /// Starts `regimen arguments…` without waiting; output goes to files in the sandbox.
    func launch(_ arguments: [String]) throws -> Launched {
        let process = Process()
        process.executableURL = RegimenProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = regimen.sandbox
        process.environment = regimen.childEnvironment
        let log = regimen.sandbox.appendingPathComponent("launch-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        _ = FileManager.default.createFile(atPath: log.appendingPathExtension("err").path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = try FileHandle(forWritingTo: log.appendingPathExtension("err"))
        try process.run()
        return Launched(process: process, errorFile: log.appendingPathExtension("err"))
    }

    /// The change feed from the beginning, as (change kind, sync id) pairs, and its anchor.
    func changes(since anchor: String? = nil) throws -> (changes: [(kind: String, sync: String)], anchor: String) {
        let result = try run(
            ["changes", "--store", store, "--format", "json"] + (anchor.map { ["--since", $0] } ?? []))
        guard result.status == 0,
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            let anchor = object["anchor"] as? String, let changes = object["changes"] as? [[String: Any]]
        else { throw IngestTestFailure.badOutput(result.stdout + result.stderr) }
        return (changes.map { ($0["change"] as? String ?? "", $0["syncID"] as? String ?? "") }, anchor)
    }

    /// Live outcomes as JSON rows of `regimen outcomes --format json` (one per value).
    func outcomeRows() throws -> [[String: Any]] {
        let result = try run(["outcomes", "--store", store, "--format", "json"])
        guard result.status == 0,
            let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        else {
            throw IngestTestFailure.badOutput(result.stdout + result.stderr)
        }
        return rows
    }

    func cleanUp() { regimen.cleanUp() }
}

/// A command's output could not be read.
enum IngestTestFailure: Error {
    case badOutput(String)
}
