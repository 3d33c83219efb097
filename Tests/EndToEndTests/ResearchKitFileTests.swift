import Foundation
import XCTest

/// `regimen result show --format json`, `extract` and `ingest` on files written by ResearchKit apps, checked against
/// an independent JSON reader (Python's `json`), so the comparison does not rest on Regimen's own parser.
final class ResearchKitFileTests: XCTestCase {
    private var regimen: RegimenProcess!

    override func setUpWithError() throws {
        regimen = try RegimenProcess()
    }

    override func tearDownWithError() throws {
        regimen.cleanUp()
    }

    private static var sharedFolder: URL {
        RegimenProcess.packageRoot.appendingPathComponent("../shared/fixtures/researchkit").standardizedFileURL
    }

    private static var craftedFolder: URL {
        RegimenProcess.packageRoot.appendingPathComponent("Tests/Fixtures/ResultFiles/researchkit-shapes")
    }

    /// Task-result files the project wrote (researchkit-shapes, and the blank task beside them).
    private func craftedTaskResultFiles() throws -> [URL] {
        let files =
            try FileManager.default.contentsOfDirectory(at: Self.craftedFolder, includingPropertiesForKeys: nil)
            + [
                Self.craftedFolder.deletingLastPathComponent().appendingPathComponent("blank-task.json"),
                Self.craftedFolder.deletingLastPathComponent().appendingPathComponent("every-result-class.json"),
            ]
        return files.filter { $0.pathExtension == "json" && (try? Self.rootClass($0)).map(Self.isTaskClass) == true }
    }

    /// Task-result files of ResearchKit in ../shared (never copied into the repository); a visible skip when absent.
    private func sharedTaskResultFiles() throws -> [URL] {
        guard FileManager.default.fileExists(atPath: Self.sharedFolder.path) else {
            throw XCTSkip(
                "../shared/fixtures/researchkit is absent (a clone without shared/); the crafted files are checked by another test"
            )
        }
        let samples = Self.sharedFolder.appendingPathComponent("samples")
        let files =
            try FileManager.default.contentsOfDirectory(at: samples, includingPropertiesForKeys: nil)
            + [Self.sharedFolder.appendingPathComponent("ORKTaskResult.json")]
        return files.filter { $0.pathExtension == "json" && (try? Self.rootClass($0)).map(Self.isTaskClass) == true }
    }

    private static func rootClass(_ url: URL) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        return object?["_class"] as? String
    }

    private static func isTaskClass(_ name: String?) -> Bool {
        name == "ORKTaskResult" || name == "ORKPageResult"
    }

    /// Whether Python's json module reads the two files as equal values (`1 == 1.0`; key order ignored).
    private func pythonSaysEqual(_ a: URL, _ b: URL) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import json, sys; sys.exit(0 if json.load(open(sys.argv[1])) == json.load(open(sys.argv[2])) else 1)",
            a.path, b.path,
        ]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    func testResultShowJSONEqualsEveryCraftedTaskResultFile() throws {
        let files = try craftedTaskResultFiles()
        XCTAssertGreaterThanOrEqual(files.count, 6)
        try expectResultShowJSONEqualsFiles(files)
    }

    func testResultShowJSONEqualsEverySharedResearchKitTaskResultFile() throws {
        let files = try sharedTaskResultFiles()
        XCTAssertGreaterThanOrEqual(files.count, 4)
        try expectResultShowJSONEqualsFiles(files)
    }

    /// `regimen result show FILE --format json` prints JSON equal to the file, in two zones.
    private func expectResultShowJSONEqualsFiles(_ files: [URL]) throws {
        for file in files {
            for zone in ["UTC", "Asia/Kathmandu"] {
                let outcome = try regimen.run(
                    ["result", "show", file.path, "--format", "json"], environment: ["TZ": zone])
                XCTAssertEqual(outcome.status, 0, "\(file.lastPathComponent): \(outcome.stderr)")
                let written = regimen.sandbox.appendingPathComponent("shown-\(file.lastPathComponent)")
                try Data(outcome.stdout.utf8).write(to: written)
                XCTAssertTrue(
                    try pythonSaysEqual(file, written), "\(file.lastPathComponent) in \(zone) differs as JSON")
            }
        }
    }

    func testRejectedFileNamesFilePathAndReason() throws {
        let file = regimen.sandbox.appendingPathComponent("bad.json")
        try Data(
            #"{"_class":"ORKTaskResult","identifier":"t","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKStepResult","identifier":"s","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z","results":[{"_class":"ORKBooleanQuestionResult","identifier":"b","booleanAnswer":"yes","startDate":"2026-11-21T08:04:10Z","endDate":"2026-11-21T08:04:10Z"}]}]}"#
                .utf8
        ).write(to: file)
        let outcome = try regimen.run(["result", "show", file.path, "--format", "json"])
        XCTAssertEqual(outcome.status, 65)
        XCTAssertTrue(
            outcome.stderr.contains(
                "\(file.path): results[0].results[0].booleanAnswer: expected a boolean, found a string"),
            outcome.stderr)
        XCTAssertFalse(outcome.stderr.contains("yes"))
    }

    func testWatchExportWithoutRunUUIDIsExtractedAndIngestedOnce() throws {
        let file = Self.craftedFolder.appendingPathComponent("watch-without-run-uuid.json")
        let extract = try regimen.run(["extract", file.path, "--format", "json"])
        XCTAssertEqual(extract.status, 0, extract.stderr)
        XCTAssertTrue(extract.stdout.contains("checkin.form.pain"), extract.stdout)
        let store = regimen.store.path
        let first = try regimen.run(["ingest", "--store", store, file.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("ingested 1, unchanged 0"), first.stdout)
        let second = try regimen.run(["ingest", "--store", store, file.path])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.hasPrefix("ingested 0, unchanged 1"), second.stdout)
    }

    func testIngestSummaryNamesTheResearchKitVersion() throws {
        let folder = regimen.sandbox.appendingPathComponent("phone", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ name: String, run: String, device: String) throws {
            let text = """
                {"_class":"ORKTaskResult","identifier":"checkin","taskRunUUID":"\(run)","device":\(device),
                 "startDate":"2026-11-20T08:00:00-0800","endDate":"2026-11-20T08:01:00-0800",
                 "results":[{"_class":"ORKStepResult","identifier":"checkin.form","startDate":"2026-11-20T08:00:00-0800",
                   "endDate":"2026-11-20T08:01:00-0800","results":[
                   {"_class":"ORKScaleQuestionResult","identifier":"checkin.form.pain","questionType":1,"scaleAnswer":3,
                    "startDate":"2026-11-20T08:00:30-0800","endDate":"2026-11-20T08:00:30-0800"},
                   {"_class":"ORKScaleQuestionResult","identifier":"checkin.form.sleep","questionType":1,"scaleAnswer":7,
                    "startDate":"2026-11-20T08:00:50-0800","endDate":"2026-11-20T08:00:50-0800"}]}]}
                """
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        try write(
            "a.json", run: "3F2504E0-4F89-41D3-9A0C-0305E82C3301",
            device:
                #"{"_class":"ORKDevice","platform":"iOS","researchKitVersion":"3.1.0","researchKitBundleVersion":"87"}"#
        )
        try write(
            "b.json", run: "3F2504E0-4F89-41D3-9A0C-0305E82C3302", device: #"{"_class":"ORKDevice","platform":"iOS"}"#)
        let outcome = try regimen.run([
            "ingest", "--store", regimen.store.path, "--tz", "America/Los_Angeles", folder.path,
        ])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("written by ResearchKit 3.1.0 (bundle 87): 1 file"), outcome.stdout)
    }
}
