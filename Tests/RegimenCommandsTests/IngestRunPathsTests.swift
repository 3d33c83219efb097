import CareModel
import CareStore
import Catalog
import Foundation
import ResearchTasks
import SystemPackage
import Testing

@testable import RegimenCommands

/// `IngestRun` holds its files' paths compactly (`IngestFiles`) and its waiting results without them: each stored
/// outcome must still name exactly its own file, and each rejection the file it rejects.
@Suite("Ingest run: each outcome and rejection names its own file, byte for byte")
struct IngestRunPathsTests {
    /// 2026-11-20 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_176_000)
    static let environment = RegimenEnvironment(
        variables: [:], currentDirectory: URL(fileURLWithPath: "/"), clock: FixedClock(now),
        timeZone: TimeZone(identifier: "UTC")!, stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false
    )
    static let surveys = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../surveys").standardizedFileURL

    /// A check-in that ended on 2026-11-`day` at 08:05 UTC, run `run`.
    static func checkIn(day: Int, run: Int, pain: Int) -> String {
        let end = String(format: "2026-11-%02dT08:05:00+0000", day)
        return """
            {"_class": "ORKTaskResult", "identifier": "checkin", "taskRunUUID": "\(String(format: "00000000-0000-4000-8000-%012d", run))",
             "startDate": "\(end)", "endDate": "\(end)",
             "results": [{"_class": "ORKStepResult", "identifier": "checkin.form", "startDate": "\(end)", "endDate": "\(end)",
               "results": [
                 {"_class": "ORKScaleQuestionResult", "identifier": "checkin.form.pain", "questionType": 1,
                  "scaleAnswer": \(pain), "startDate": "\(end)", "endDate": "\(end)"},
                 {"_class": "ORKScaleQuestionResult", "identifier": "checkin.form.sleep", "questionType": 1,
                  "scaleAnswer": 7, "startDate": "\(end)", "endDate": "\(end)"}]}]}
            """
    }

    @Test(
        "files of two folders, read in one order and stored in another, two of them named alike but for Unicode normalization; a file before the schedule is rejected by its own path"
    )
    func pathsFollowTheirResults() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ingest-run-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["b", "a"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // Walked in path order (a/…, then b/…), stored in order of run end: days 15, 12, 14, 13 and 11 (the last,
        // before the store's schedule, rejected).
        let files: [(path: String, day: Int, pain: Int)] = [
            ("a/caf\u{E9}.json", 15, 1), ("a/cafe\u{301}.json", 12, 2), ("a/z.json", 14, 3), ("b/first.json", 13, 4),
            ("b/late.json", 11, 5),
        ]
        for (index, file) in files.enumerated() {
            try Data(Self.checkIn(day: file.day, run: index + 1, pain: file.pain).utf8)
                .write(to: root.appendingPathComponent(file.path))
        }
        let catalog = try Catalog.load(directory: FilePath(Self.surveys.path), calendar: Self.environment.calendar)
        let store = try CareStore.inMemory()
        let workspace = Workspace(environment: Self.environment, app: RegimenApp())
        let startDay = Date(timeIntervalSince1970: 1_794_441_600)  // 2026-11-12: b/late.json's day 11 is before it
        let collected = IngestFileList.collect([root.path], environment: Self.environment)
        let summary = try IngestRun(workspace: workspace, catalog: catalog, store: store, task: nil, start: startDay)
            .run(files: collected.files, missing: collected.missing).summary
        #expect(summary.ingested == 4, "\(summary.rejected.map(\.problem))")
        #expect(summary.rejected.map(\.file) == [root.appendingPathComponent("b/late.json").path])
        // Each outcome holds its own file's path, compared as bytes, and the pain answer written into that file.
        let stored = try store.outcomes(taskID: "checkin")
        #expect(stored.count == 4)
        var found: [[UInt8]: Double] = [:]
        for outcome in stored {
            let path = try #require(outcome.resultFile)
            if case .double(let pain)? = outcome.values.first(where: { $0.kind == "checkin.form.pain" })?.value {
                found[Array(path.utf8)] = pain
            }
        }
        let expected = Dictionary(
            uniqueKeysWithValues: files.prefix(4).map { file in
                (Array(root.appendingPathComponent(file.path).path.utf8), Double(file.pain))
            })
        #expect(found == expected)
    }
}
