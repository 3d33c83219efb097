import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `regimen ingest` and `regimen changes` as researchers use them (issue 5), through the built binary.
/// ResearchKit's own serializer sample, outside the repository (docs/test-fixtures.md).
private let sharedResearchKitSample = RegimenProcess.packageRoot
    .appendingPathComponent("../shared/fixtures/researchkit/ORKTaskResult.json").standardizedFileURL

@Suite("End to end: ingest and change feed", .serialized)
struct IngestCommandTests {
    @Test(
        "A folder ingested twice: the second pass is all unchanged, the outcome count stays, the feed lists each once")
    func twice() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("results")
        try IngestSandbox.writeDaily(0..<5, into: try sandbox.folder("results/nested"))
        try IngestSandbox.writeDaily(5..<8, into: folder)
        let first = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stdout.contains("ingested 8, unchanged 0, replaced 0, superseded 0, rejected 0"))
        #expect(!first.stderr.contains("files/s"), "no progress bar when standard error is not a terminal")
        #expect(try sandbox.outcomeRows().count == 16)
        let second = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(second.status == 0)
        #expect(second.stdout.contains("ingested 0, unchanged 8, replaced 0, superseded 0, rejected 0"))
        #expect(try sandbox.outcomeRows().count == 16)
        let feed = try sandbox.changes()
        #expect(feed.changes.map(\.kind) == Array(repeating: "added", count: 8))
        #expect(Set(feed.changes.map(\.sync)).count == 8)
        #expect(try sandbox.changes(since: feed.anchor).changes.isEmpty)
        // The schedule starts on the day of the earliest result: 2018-01-01 holds the first outcome.
        let starts = Set(try sandbox.outcomeRows().compactMap { $0["eventStart"] as? String })
        #expect(starts.contains("2018-01-01T08:00:00Z"))
    }

    /// Ingest stores 2,000 results a transaction (`IngestRun.batchSize`) and frees each stored result's values right
    /// after its batch: every value of every batch must be the one its file holds, on the event of its day, with its
    /// run.
    @Test("More files than one batch holds: every value lands on its day's event with its run, batch after batch")
    func severalBatches() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("results")
        let count = 3_000  // two batches; 3,000 days from 2018 all end before the pinned now
        try IngestSandbox.writeDaily(0..<count, into: folder)
        let run = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("ingested \(count), unchanged 0, replaced 0, superseded 0, rejected 0"))
        let formatter = ISO8601DateFormatter()
        var expected: [String: (pain: Int, sleep: Int, run: String)] = [:]
        for day in 0..<count {
            let start = formatter.string(from: Date(timeIntervalSince1970: 1_514_793_600 + Double(day) * 86_400))
            expected[start] = (1 + day % 10, day % 12, IngestSandbox.runUUID(day))
        }
        var seen: [String: (pain: Int?, sleep: Int?)] = [:]
        for row in try sandbox.outcomeRows() {
            let start = try #require(row["eventStart"] as? String, "\(row)")
            let want = try #require(expected[start], "an outcome on \(start), where no file ended")
            #expect(row["taskRunUUID"] as? String == want.run, "\(row)")
            let value = (row["value"] as? Double).map { Int($0) }
            switch row["kind"] as? String {
            case "checkin.form.pain": seen[start, default: (nil, nil)].pain = value
            case "checkin.form.sleep": seen[start, default: (nil, nil)].sleep = value
            default: Issue.record("unexpected row \(row)")
            }
        }
        #expect(seen.count == count)
        let wrong = seen.filter { start, values in
            values.pain != expected[start]?.pain || values.sleep != expected[start]?.sleep
        }
        #expect(wrong.isEmpty, "\(wrong.count) events with other values, e.g. \(wrong.first.map { "\($0)" } ?? "")")
    }

    @Test(
        "Two files whose names are canonically equivalent (é and e + U+0301) are both ingested, also with a second path named"
    )
    func equivalentNames() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("results")
        let composed = folder.appendingPathComponent("caf\u{E9}.json")
        let decomposed = folder.appendingPathComponent("cafe\u{301}.json")
        try Data(IngestSandbox.checkIn(run: IngestSandbox.runUUID(1), end: "2018-01-01T08:05:00Z").utf8).write(
            to: composed)
        try Data(IngestSandbox.checkIn(run: IngestSandbox.runUUID(2), end: "2018-01-02T08:05:00Z").utf8).write(
            to: decomposed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
        // The folder and one of its files again: each file once, neither taken for the other.
        let run = try sandbox.run(["ingest", folder.path, composed.path, "--store", sandbox.store])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("ingested 2, unchanged 0"), "\(run.stdout)")
        let runs = Set(try sandbox.outcomeRows().compactMap { $0["taskRunUUID"] as? String })
        #expect(runs == [IngestSandbox.runUUID(1), IngestSandbox.runUUID(2)])
    }

    @Test("userInfo syncVersion: a higher version replaces, an equal or lower one is ignored")
    func versions() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("v")
        let run = IngestSandbox.runUUID(1)
        let end = "2024-03-01T09:00:00+0000"
        let v1 = folder.appendingPathComponent("v1.json")
        try Data(IngestSandbox.checkIn(run: run, end: end, pain: 2).utf8).write(to: v1)
        #expect(try sandbox.run(["ingest", v1.path, "--store", sandbox.store]).stdout.contains("ingested 1,"))
        let v3 = folder.appendingPathComponent("v3.json")
        try Data(IngestSandbox.checkIn(run: run, end: end, pain: 7, userInfo: #"{"syncVersion": 3}"#).utf8).write(
            to: v3)
        let replaced = try sandbox.run(["ingest", v3.path, "--store", sandbox.store])
        #expect(replaced.status == 0)
        #expect(replaced.stdout.contains("ingested 0, unchanged 0, replaced 1"))
        let again = try sandbox.run(["ingest", v1.path, v3.path, "--store", sandbox.store])
        #expect(again.status == 0, "an older version is ignored, not an error")
        #expect(again.stdout.contains("unchanged 1, replaced 0"))
        #expect(again.stdout.contains("older versions ignored 1"))
        #expect(again.stdout.contains("v1.json: version 1 is older than the stored version 3"))
        let pains = try sandbox.outcomeRows().filter { $0["kind"] as? String == "checkin.form.pain" }.compactMap {
            $0["value"] as? Double
        }
        #expect(pains == [7])
        let feed = try sandbox.changes()
        #expect(feed.changes.map(\.kind) == ["added", "replaced"])
        let bad = folder.appendingPathComponent("bad-version.json")
        try Data(
            IngestSandbox.checkIn(run: IngestSandbox.runUUID(2), end: end, userInfo: #"{"syncVersion": "two"}"#).utf8
        ).write(to: bad)
        let rejected = try sandbox.run(["ingest", bad.path, "--store", sandbox.store])
        #expect(rejected.status == 65)
        #expect(
            rejected.stdout.contains("bad-version.json: userInfo.syncVersion: expected a whole number of at least 1"))
    }

    @Test("ResearchKit dates with offsets: the event is the one on the end date's day in --tz")
    func offsets() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("phone")
        // 23:30 in Denver (MST, -0700) on Nov 20 is 06:30 UTC on Nov 21.
        try Data(IngestSandbox.checkIn(run: IngestSandbox.runUUID(9), end: "2026-11-20T23:30:00-0700").utf8)
            .write(to: folder.appendingPathComponent("late-evening.json"))
        let denver = try sandbox.run(["ingest", folder.path, "--tz", "America/Denver", "--store", sandbox.store])
        #expect(denver.status == 0, "stderr: \(denver.stderr)")
        let starts = try sandbox.outcomeRows().compactMap { $0["eventStart"] as? String }
        #expect(Set(starts) == ["2026-11-20T15:00:00Z"], "08:00 MST on Nov 20, printed in UTC")

        let other = try IngestSandbox()
        defer { other.cleanUp() }
        let utc = try other.run(["ingest", folder.path, "--tz", "UTC", "--store", other.store])
        #expect(utc.status == 0, "stderr: \(utc.stderr)")
        #expect(Set(try other.outcomeRows().compactMap { $0["eventStart"] as? String }) == ["2026-11-21T08:00:00Z"])
        let badZone = try other.run(["ingest", folder.path, "--tz", "Mars/Olympus", "--store", other.store])
        #expect(badZone.status == 64)
    }

    @Test("Truncated, non-JSON and unknown-task files are listed with their reasons; the good file is stored; exit 65")
    func rejections() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("mixed")
        try IngestSandbox.writeDaily(0..<1, into: folder)
        let full = IngestSandbox.checkIn(run: IngestSandbox.runUUID(5), end: "2024-01-02T08:05:00+0000", pain: 9)
        try Data(full.prefix(full.count / 2).utf8).write(to: folder.appendingPathComponent("truncated.json"))
        try Data("pain=9 sleep=3\n".utf8).write(to: folder.appendingPathComponent("notes.json"))
        try Data(
            IngestSandbox.checkIn(run: IngestSandbox.runUUID(6), end: "2024-01-02T08:05:00+0000", task: "sleep-diary")
                .utf8
        )
        .write(to: folder.appendingPathComponent("unknown-task.json"))
        let result = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(result.status == 65)
        #expect(result.stdout.contains("ingested 1, unchanged 0, replaced 0, superseded 0, rejected 3"))
        #expect(result.stdout.contains("truncated.json: not valid JSON"))
        #expect(result.stdout.contains("notes.json: not valid JSON"))
        #expect(result.stdout.contains("unknown-task.json: no survey defines task 'sleep-diary'"))
        #expect(result.stderr.contains("3 of 4 files were rejected"))
        #expect(!(result.stdout + result.stderr).contains("pain=9"), "never echo file content")
        #expect(try sandbox.outcomeRows().count == 2)
        let missing = try sandbox.run([
            "ingest", sandbox.regimen.sandbox.appendingPathComponent("nowhere").path, "--store", sandbox.store,
        ])
        #expect(missing.status == 66, "a missing path is the one missing-input code (docs/command-line-conventions.md)")
        #expect(missing.stdout.contains("nowhere: no such file or directory"))
    }

    @Test(
        "A result file over 64 MiB (here a sparse 6 GiB one) is refused from its size, by ingest and by extract; exit 65"
    )
    func tooLarge() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("large")
        try IngestSandbox.writeDaily(0..<1, into: folder)
        let huge = folder.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 6 << 30) == 0)
        // Read whole, the file would take 6 GiB of memory; refused from its size, it takes none.
        let result = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(result.status == 65, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("ingested 1, unchanged 0, replaced 0, superseded 0, rejected 1"))
        #expect(result.stdout.contains("huge.json: larger than 64 MiB, the most a result file may hold"))
        let extract = try sandbox.run(["extract", huge])
        #expect(extract.status == 65)
        #expect(
            extract.stderr.contains("huge.json: larger than 64 MiB, the most a result file may hold"),
            "\(extract.stderr)")
    }

    @Test(
        "ResearchKit's own ORKTaskResult sample (identifier \"\", -0700 dates) is rejected with a reason, not a crash",
        .enabled(
            if: FileManager.default.fileExists(atPath: sharedResearchKitSample.path),
            "skipped: ../shared/fixtures/researchkit/ORKTaskResult.json is absent (a clone without shared/)"))
    func researchKitSample() throws {
        try expectBlankTaskRejected(sharedResearchKitSample)
    }

    @Test(
        "The project's blank task result (identifier \"\", -0700 dates, no results) is rejected with a reason, not a crash"
    )
    func blankTaskResult() throws {
        try expectBlankTaskRejected(
            RegimenProcess.packageRoot.appendingPathComponent("Tests/Fixtures/ResultFiles/blank-task.json"))
    }

    /// A task result with an empty identifier and no results names no survey; forced to the check-in it has nothing to
    /// extract.
    private func expectBlankTaskRejected(_ file: URL) throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let plain = try sandbox.run(["ingest", file.path, "--store", sandbox.store])
        #expect(plain.status == 65)
        #expect(plain.stdout.contains("\(file.lastPathComponent): no survey defines task ''"))
        let forced = try sandbox.run(["ingest", file.path, "--task", "checkin", "--store", sandbox.store])
        #expect(forced.status == 65)
        #expect(forced.stdout.contains("cannot extract outcomes of task 'checkin': the result has nothing at"))
    }

    @Test("Two runs on one day: the later one holds the event, the other is kept as superseded and reported")
    func superseded() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("day")
        try Data(IngestSandbox.checkIn(run: IngestSandbox.runUUID(1), end: "2024-05-01T08:10:00+0000", pain: 2).utf8)
            .write(to: folder.appendingPathComponent("a-morning.json"))
        try Data(IngestSandbox.checkIn(run: IngestSandbox.runUUID(2), end: "2024-05-01T20:10:00+0000", pain: 6).utf8)
            .write(to: folder.appendingPathComponent("b-evening.json"))
        let result = try sandbox.run(["ingest", folder.path, "--store", sandbox.store])
        #expect(result.status == 0)
        #expect(result.stdout.contains("ingested 2, unchanged 0, replaced 0, superseded 1, rejected 0"))
        let pains = try sandbox.outcomeRows().filter { $0["kind"] as? String == "checkin.form.pain" }.compactMap {
            $0["value"] as? Double
        }
        #expect(pains == [6])
        let wide = try sandbox.run([
            "outcomes", "--task", "checkin", "--format", "csv", "--wide", "--store", sandbox.store,
        ])
        #expect(wide.status == 0)
        let lines = wide.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first == "task,occurrence,event start,created date,task run UUID,checkin.form.pain,checkin.form.sleep"
        )
        #expect(lines.count == 2)
        #expect(lines.last?.hasSuffix(",6,8") == true)
    }

    @Test("Wide CSV: one row per event, a column per declared kind, empty where the result skipped the question")
    func wide() throws {
        let sandbox = try IngestSandbox()
        defer { sandbox.cleanUp() }
        let folder = try sandbox.folder("wide")
        try Data(
            IngestSandbox.checkIn(run: IngestSandbox.runUUID(1), end: "2024-05-01T08:10:00+0000", pain: 3, sleep: 7)
                .utf8
        )
        .write(to: folder.appendingPathComponent("one.json"))
        try Data(
            IngestSandbox.checkIn(run: IngestSandbox.runUUID(2), end: "2024-05-02T08:10:00+0000", pain: 5, sleep: nil)
                .utf8
        )
        .write(to: folder.appendingPathComponent("two.json"))
        #expect(try sandbox.run(["ingest", folder.path, "--store", sandbox.store]).status == 0)
        let wide = try sandbox.run([
            "outcomes", "--task", "checkin", "--format", "csv", "--wide", "--store", sandbox.store,
        ])
        #expect(wide.status == 0, "stderr: \(wide.stderr)")
        let lines = wide.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
            !$0.isEmpty
        }
        #expect(
            lines == [
                "task,occurrence,event start,created date,task run UUID,checkin.form.pain,checkin.form.sleep",
                "checkin,0,2024-05-01T08:00:00Z,2024-05-01T08:10:00Z,\(IngestSandbox.runUUID(1)),3,7",
                "checkin,1,2024-05-02T08:00:00Z,2024-05-02T08:10:00Z,\(IngestSandbox.runUUID(2)),5,",
            ])
        let noTask = try sandbox.run(["outcomes", "--format", "csv", "--wide", "--store", sandbox.store])
        #expect(noTask.status == 64)
        #expect(noTask.stderr.contains("--wide needs --task"))
        let table = try sandbox.run(["outcomes", "--task", "checkin", "--wide", "--store", sandbox.store])
        #expect(table.status == 64)
    }
}
