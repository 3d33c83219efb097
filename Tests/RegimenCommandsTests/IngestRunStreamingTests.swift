import CareModel
import CareStore
import Catalog
import Foundation
import ResearchTasks
import SystemPackage
import Testing

@testable import RegimenCommands

/// Into a new store `IngestRun` stores batches while later files are still being read, as long as the results come in
/// the order they are stored in (task, run end, file); otherwise it sorts them all first, or, when batches were
/// already stored, starts again in a fresh store. Whichever way it goes, the store and the summary must be exactly
/// those of an ingest that reads every file before storing.
@Suite("Ingest run: storing while reading ends exactly as reading every file first")
struct IngestRunStreamingTests {
    /// 2026-11-20 12:00 UTC, in UTC, as the paths' tests run.
    static let environment = IngestRunPathsTests.environment

    /// A result file: its name, and what it holds.
    struct File {
        var name: String
        var task = "alpha"
        /// Days after 2026-01-01; the run ends at 08:05 UTC plus `minutes`.
        var day: Int
        var minutes = 0
        var pain = 4
        var syncID: String?
        var version: Int?
        /// Not JSON at all: rejected when read.
        var broken = false
        /// The ResearchKit version its device records, if any.
        var researchKit: String?
    }

    /// A folder of its own with two daily tasks, `alpha` and `beta`, and the files to ingest.
    struct Sandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ingest-streaming-\(UUID().uuidString)")
        var surveys: URL { root.appendingPathComponent("surveys") }
        var results: URL { root.appendingPathComponent("results") }

        init(_ files: [File]) throws {
            let manager = FileManager.default
            try manager.createDirectory(at: surveys, withIntermediateDirectories: true)
            try manager.createDirectory(at: results, withIntermediateDirectories: true)
            for task in ["alpha", "beta"] {
                try Data(
                    """
                    id: \(task)
                    title: \(task.capitalized)
                    schedule:
                      - daily: { at: "08:00" }
                    steps:
                      - form: \(task).form
                        title: Check In
                        optional: false
                        items:
                          - { id: \(task).form.pain, text: Pain?, optional: false, scale: { min: 1, max: 10, step: 1 } }
                    outcomes:
                      - { kind: \(task).form.pain, path: \(task).form/\(task).form.pain, type: double }
                    """.utf8
                ).write(to: surveys.appendingPathComponent("\(task).yaml"))
            }
            for (index, file) in files.enumerated() {
                try Data(Self.json(file, run: index + 1).utf8).write(to: results.appendingPathComponent(file.name))
            }
        }

        static func json(_ file: File, run: Int) -> String {
            if file.broken { return "{ not json" }
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            let date = Date(timeIntervalSince1970: 1_767_254_700)  // 2026-01-01T08:05:00Z
                .addingTimeInterval(Double(file.day) * 86_400 + Double(file.minutes) * 60)
            let end = formatter.string(from: date).replacingOccurrences(of: "Z", with: "+0000")
            var info: [String] = []
            if let syncID = file.syncID { info.append("\"syncIdentifier\": \"\(syncID)\"") }
            if let version = file.version { info.append("\"syncVersion\": \(version)") }
            let userInfo =
                (info.isEmpty ? "" : "\"userInfo\": {\(info.joined(separator: ", "))},")
                + (file.researchKit.map {
                    "\"device\": {\"_class\": \"ORKDevice\", \"researchKitVersion\": \"\($0)\"},"
                } ?? "")
            let task = file.task
            return """
                {"_class": "ORKTaskResult", "identifier": "\(task)", \(userInfo)
                 "taskRunUUID": "\(String(format: "00000000-0000-4000-8000-%012d", run))",
                 "startDate": "\(end)", "endDate": "\(end)",
                 "results": [{"_class": "ORKStepResult", "identifier": "\(task).form", "startDate": "\(end)", "endDate": "\(end)",
                   "results": [{"_class": "ORKScaleQuestionResult", "identifier": "\(task).form.pain", "questionType": 1,
                     "scaleAnswer": \(file.pain), "startDate": "\(end)", "endDate": "\(end)"}]}]}
                """
        }

        func cleanUp() {
            try? FileManager.default.removeItem(at: root)
        }
    }

    /// What an ingest left: its printed summary, and the store's tasks, enrollment and change feed, each outcome named
    /// by the order it first appears in (row UUIDs differ from run to run) and its file by name.
    struct Ended: Equatable {
        var summary: String
        var store: [String]
        /// How often the run started again in a fresh store.
        var restarts: Int
        /// Hidden files left beside the store.
        var leftovers: [String]
    }

    /// Ingests `sandbox`'s results into a new store, storing while reading when `whileReading`. With
    /// `createdMeanwhile`, the store is opened as `regimen ingest` opens one it expected to be new (`StoreOpening`,
    /// read before it is open, `restage` set) but another command has created it empty meanwhile: nothing may be stored
    /// before every file is read.
    static func ingest(
        _ sandbox: Sandbox, whileReading: Bool, batchSize: Int, start: Date? = nil, chunkSize: Int = 2,
        createdMeanwhile: Bool = false
    ) throws -> Ended {
        let folder = sandbox.root.appendingPathComponent("store-\(whileReading)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = FilePath(folder.appendingPathComponent("care.sqlite").path)
        let catalog = try Catalog.load(directory: FilePath(sandbox.surveys.path), calendar: environment.calendar)
        var run: IngestRun
        if createdMeanwhile {
            _ = try CareStore(path: path)
            run = IngestRun(
                workspace: Workspace(environment: environment, app: RegimenApp()), catalog: catalog,
                opening: StoreOpening(path: path),
                task: nil, start: start)
        } else {
            let first = try CareStore(path: path, connection: .staged)
            #expect(first.isStaged)
            run = IngestRun(
                workspace: Workspace(environment: environment, app: RegimenApp()), catalog: catalog, store: first,
                task: nil, start: start)
        }
        // Batches of another size when every file is read first: where batches split must not matter.
        run.batchSize = batchSize + 1
        run.streamedBatchSize = batchSize
        run.chunkSize = chunkSize
        final class Count: @unchecked Sendable { var value = 0 }
        let restarts = Count()
        if whileReading {
            run.restage = { () throws(CareStoreError) in
                restarts.value += 1
                return try CareStore(path: path, connection: .staged)
            }
        }
        let collected = IngestFileList.collect([sandbox.results.path], environment: environment)
        let (summary, filled) = try run.run(files: collected.files, missing: collected.missing)
        try filled.publish()
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        let store = try CareStore(path: path)
        var lines: [String] = []
        lines.append("enrolled \(try store.enrollmentDate().map { "\($0)" } ?? "no")")
        for task in ["alpha", "beta"] {
            for version in try store.taskVersions(id: task) {
                lines.append("task \(task) from \(version.schedule.startDate) effective \(version.effectiveDate)")
            }
        }
        var names: [UUID: Int] = [:]
        func name(_ uuid: UUID) -> Int {
            if let known = names[uuid] { return known }
            names[uuid] = names.count
            return names.count - 1
        }
        for change in try store.changes().changes {
            let outcome = change.outcome
            lines.append(
                [
                    "\(change.kind)", "outcome \(name(outcome.uuid))",
                    "first \(UUID(uuidString: outcome.id).map { "\(name($0))" } ?? outcome.id)",
                    "event \(outcome.eventStart) #\(outcome.occurrence)",
                    "run \(outcome.taskRunUUID?.uuidString ?? "-")",
                    "file \((outcome.resultFile ?? "-").split(separator: "/").last ?? "-")",
                    "values \(outcome.values.map { "\($0.kind ?? "-")=\($0.value)" })",
                    "created \(outcome.createdDate) ended \(outcome.deletedDate.map { "\($0)" } ?? "-") \(outcome.endReason.map { "\($0)" } ?? "")",
                    "sync \(outcome.syncID ?? "-") v\(outcome.syncVersion) run end \(outcome.runEndDate.map { "\($0)" } ?? "-")",
                ].joined(separator: " | "))
        }
        let printed = summary.render().replacingOccurrences(of: sandbox.results.path + "/", with: "")
        return Ended(summary: printed, store: lines, restarts: restarts.value, leftovers: leftovers)
    }

    /// Ingests both ways and requires the same ending; returns the one stored while reading.
    static func compare(_ files: [File], batchSize: Int = 3, start: Date? = nil) throws -> Ended {
        let sandbox = try Sandbox(files)
        defer { sandbox.cleanUp() }
        let read = try ingest(sandbox, whileReading: false, batchSize: batchSize, start: start)
        let streamed = try ingest(sandbox, whileReading: true, batchSize: batchSize, start: start)
        let meanwhile = try ingest(
            sandbox, whileReading: true, batchSize: batchSize, start: start, createdMeanwhile: true)
        #expect(streamed.summary == read.summary)
        #expect(streamed.store == read.store)
        #expect(meanwhile.summary == read.summary)
        #expect(meanwhile.store == read.store)
        #expect(meanwhile.restarts == 0)
        #expect(meanwhile.leftovers.isEmpty, "\(meanwhile.leftovers)")
        for (line, (mine, theirs)) in zip(streamed.store, read.store).enumerated() where mine != theirs {
            Issue.record("line \(line): \(mine)\n   read first: \(theirs)")
            break
        }
        #expect(streamed.leftovers.isEmpty && read.leftovers.isEmpty, "\(streamed.leftovers) \(read.leftovers)")
        return streamed
    }

    @Test("a new store that cannot be created, read into before it is open: the run stops with the store's error")
    func storeThatCannotBeCreated() throws {
        let sandbox = try Sandbox((1...40).map { File(name: "day-\($0).json", day: $0) })
        defer { sandbox.cleanUp() }
        // A store whose folder is a file: the opening fails, while the files are read.
        let blocker = sandbox.root.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let path = FilePath(blocker.appendingPathComponent("care.sqlite").path)
        let catalog = try Catalog.load(directory: FilePath(sandbox.surveys.path), calendar: Self.environment.calendar)
        var run = IngestRun(
            workspace: Workspace(environment: Self.environment, app: RegimenApp()), catalog: catalog,
            opening: StoreOpening(path: path),
            task: nil, start: nil)
        run.streamedBatchSize = 1_000
        run.restage = { () throws(CareStoreError) in try CareStore(path: path, connection: .staged) }
        let collected = IngestFileList.collect([sandbox.results.path], environment: Self.environment)
        do {
            _ = try run.run(files: collected.files, missing: collected.missing)
            Issue.record("the run ended without the store's error")
        } catch {
            guard case .store = error else {
                Issue.record("expected the store's error, got \(error)")
                return
            }
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).sorted() == [
                "not-a-folder", "results", "surveys",
            ])
    }

    @Test("files numbered by day (checkin-2 before checkin-10) are stored batch by batch as read, with no new start")
    func numberedInOrder() throws {
        let files = (1...11).map { File(name: "day-\($0).json", day: $0, pain: 1 + $0 % 10) }
        let ended = try Self.compare(files)
        #expect(ended.restarts == 0)
        #expect(
            ended.summary.hasPrefix("ingested 11, unchanged 0, replaced 0, superseded 0, rejected 0"),
            "\(ended.summary)")
        #expect(ended.store.count == 11 + 3)
    }

    @Test(
        "files numbered newest first (checkin-0 the latest day): read the other way round, stored as read, no new start"
    )
    func numberedNewestFirst() throws {
        let files = (0...10).map { File(name: "checkin-\($0).json", day: 11 - $0, pain: 1 + $0 % 10) }
        let ended = try Self.compare(files)
        #expect(ended.restarts == 0)
        #expect(
            ended.summary.hasPrefix("ingested 11, unchanged 0, replaced 0, superseded 0, rejected 0"),
            "\(ended.summary)")
    }

    @Test(
        "files numbered newest first but one, the earliest day, in their middle: stored as read the other way round until it comes, then started again"
    )
    func numberedNewestFirstWithAStraggler() throws {
        // checkin-0 ends on day 20, checkin-9 on day 11: read from checkin-9 up, batches of 3 are stored before
        // checkin-3 (day 1) comes. Read as numbered, checkin-1 would be out of order at once, and nothing stored.
        let files = (0...9).map { File(name: "checkin-\($0).json", day: $0 == 3 ? 1 : 20 - $0) }
        let ended = try Self.compare(files)
        #expect(ended.restarts == 1)
        #expect(ended.summary.hasPrefix("ingested 10,"), "\(ended.summary)")
    }

    @Test(
        "names that do not follow the days: found out of order before any batch is stored, so sorted without a new start"
    )
    func outOfOrderFromTheStart() throws {
        let days = [5, 3, 9, 1, 7, 2, 8, 4, 6]
        let files = days.enumerated().map { File(name: "r\($0.offset).json", day: $0.element) }
        let ended = try Self.compare(files, batchSize: 4)
        #expect(ended.restarts == 0)
        #expect(ended.summary.hasPrefix("ingested 9,"), "\(ended.summary)")
    }

    @Test(
        "a file read after batches were stored whose run ended first: the run starts again in a fresh store and leaves no hidden file"
    )
    func outOfOrderAfterBatches() throws {
        // day-8a comes after day-8 by name: two batches of 3 are stored before it.
        var files = (1...9).map { File(name: "day-\($0 + 1).json", day: $0 + 1) }
        files.append(File(name: "day-8a.json", day: 0))
        let ended = try Self.compare(files)
        #expect(ended.restarts == 1)
        #expect(ended.summary.hasPrefix("ingested 10,"), "\(ended.summary)")
        // The fresh store's schedule starts on the earliest day, that file's.
        #expect(
            ended.store.contains { $0.hasPrefix("task alpha from 2026-01-01 08:00:00") }, "\(ended.store.prefix(3))")
    }

    @Test(
        "the folder's last file by name ended before its first: the files are read the other way round, so it comes first and nothing is stored before they are all read and sorted"
    )
    func lastFileEndedFirst() throws {
        var files = (1...9).map { File(name: "day-\($0 + 1).json", day: $0 + 1) }
        files.append(File(name: "day-99.json", day: 0))
        let ended = try Self.compare(files)
        #expect(ended.restarts == 0)
        #expect(ended.summary.hasPrefix("ingested 10,"), "\(ended.summary)")
        #expect(
            ended.store.contains { $0.hasPrefix("task alpha from 2026-01-01 08:00:00") }, "\(ended.store.prefix(3))")
    }

    @Test(
        "after batches, two runs of one event read latest first, all days after the first: the run starts again, and the later run holds the event"
    )
    func sameEventOutOfOrder() throws {
        let files = [
            File(name: "f-1.json", day: 1), File(name: "f-2.json", day: 2),
            File(name: "f-3.json", day: 3, minutes: 30), File(name: "f-4.json", day: 3),
            File(name: "f-5.json", day: 5), File(name: "f-6.json", day: 4),
        ]
        let ended = try Self.compare(files, batchSize: 2)
        #expect(ended.restarts == 1)
        #expect(ended.summary.contains("superseded 1"), "\(ended.summary)")
        #expect(
            ended.summary.contains(
                "f-3.json: took the event from run 00000000-0000-4000-8000-000000000004, which ended earlier"),
            "\(ended.summary)")
    }

    @Test(
        "two tasks, the second's first day earlier than the first's: its schedule must start there, so the run starts again"
    )
    func secondTaskStartsEarlier() throws {
        let files =
            (1...5).map { File(name: "a-\($0).json", task: "alpha", day: 10 + $0) }
            + (1...5).map { File(name: "b-\($0).json", task: "beta", day: $0) }
        let ended = try Self.compare(files, batchSize: 2)
        #expect(ended.restarts == 1)
        #expect(ended.summary.hasPrefix("ingested 10,"), "\(ended.summary)")
    }

    @Test(
        "two tasks in order, the second starting no earlier than the first: stored while read, each from the first day")
    func twoTasksInOrder() throws {
        let files =
            (1...5).map { File(name: "a-\($0).json", task: "alpha", day: $0) }
            + (1...5).map { File(name: "b-\($0).json", task: "beta", day: 2 + $0) }
        let ended = try Self.compare(files, batchSize: 2)
        #expect(ended.restarts == 0)
        #expect(
            ended.store.filter { $0.hasPrefix("task ") }.allSatisfy { $0.contains("from 2026-01-02 08:00:00") },
            "\(ended.store.prefix(3))")
    }

    @Test(
        "versions of one sync identifier, two runs on one day, unreadable files and files before --start, all in order of names"
    )
    func rulesAndRejections() throws {
        let files = [
            File(name: "d-01.json", day: 1),  // before --start: rejected
            File(name: "d-02.json", day: 2, broken: true),
            File(name: "d-03.json", day: 3, syncID: "morning", version: 1),
            File(name: "d-04.json", day: 3, minutes: 30),  // the same event, ended later: holds it
            File(name: "d-05.json", day: 4, syncID: "morning", version: 2),  // replaces version 1
            File(name: "d-06.json", day: 5, syncID: "morning", version: 1),  // older than stored: ignored
            File(name: "d-07.json", day: 6, broken: true),
            File(name: "d-08.json", day: 7, pain: 11),  // above the scale: rejected whole
            File(name: "d-09.json", day: 8, researchKit: "3.1.0"),
            File(name: "d-10.json", day: 9, researchKit: "3.1.0"),
        ]
        let start = Date(timeIntervalSince1970: 1_767_398_400)  // 2026-01-03: d-01 ended the day before
        let ended = try Self.compare(files, batchSize: 2, start: start)
        #expect(ended.restarts == 0)
        #expect(
            ended.summary.contains("replaced 1, superseded 1, rejected 4, older versions ignored 1"), "\(ended.summary)"
        )
        #expect(ended.summary.contains("written by ResearchKit 3.1.0: 2 files"), "\(ended.summary)")
        let rejected = ended.summary.components(separatedBy: "rejected:\n").last ?? ""
        #expect(
            rejected.split(separator: "\n").map { $0.split(separator: ":").first.map(String.init) ?? "" }
                == ["  d-02.json", "  d-07.json", "  d-08.json", "  d-01.json"], "\(ended.summary)")
    }

    @Test(
        "no files (with and without --start), and only unreadable ones: nothing stored, tasks set up only for --start, the same both ways, rejections in the files' order"
    )
    func nothingToStore() throws {
        _ = try Self.compare([])
        // With --start the participant is enrolled and every task set up even with nothing to store, both ways.
        let started = try Self.compare([], start: Date(timeIntervalSince1970: 1_767_398_400))
        #expect(started.store.contains("enrolled 2026-01-03 00:00:00 +0000"), "\(started.store)")
        #expect(started.store.filter { $0.hasPrefix("task ") }.count == 2, "\(started.store)")
        let ended = try Self.compare([
            File(name: "n-9.json", day: 1, broken: true), File(name: "n-10.json", day: 2, broken: true),
        ])
        #expect(
            ended.summary.hasPrefix("ingested 0, unchanged 0, replaced 0, superseded 0, rejected 2"), "\(ended.summary)"
        )
        // Read as numbered (9, then 10), reported in the files' listed order.
        let rejected = (ended.summary.components(separatedBy: "rejected:\n").last ?? "").split(separator: "\n")
        #expect(
            rejected.map { $0.split(separator: ":").first.map(String.init) ?? "" } == ["  n-10.json", "  n-9.json"],
            "\(ended.summary)")
        #expect(!ended.store.contains { $0.hasPrefix("task ") })
    }
}
