import CareModel
import CareStore
import Catalog
import Foundation
import OutcomeMapping
import ResearchTasks
import SystemPackage
import TerminalRunner
import TestSupport
import Testing

/// Issue 11 item 1: every shipped survey completes on every navigation path, with each optional question skipped in
/// turn (by `skip` and by an empty line), and the outcomes stored are exactly the answers given on that run.
///
/// Paths are found by running the real session and runner: at each question a navigation or skip rule reads, the walk
/// tries every choice (both booleans, each choice, a number's bounds) and, when optional, `skip` and an empty line; at
/// every other question it types the first sample answer the format itself accepts.
@Suite("Every path of every shipped survey, each optional question skipped in turn")
struct SurveyWalkTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let utc: Calendar = Pinned.calendar("UTC")
    static let start = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18, after every date bound in the surveys

    static func catalog() throws -> Catalog {
        try Catalog.load(
            directory: FilePath(packageRoot.appendingPathComponent("surveys", isDirectory: true).path), calendar: utc)
    }

    static var shippedTasks: [String] { (try? catalog().taskIdentifiers) ?? [] }

    @Test("The shipped folder has the surveys this walk is meant to cover")
    func coversShippedSurveys() throws {
        #expect(
            Set(try Self.catalog().taskIdentifiers).isSuperset(of: [
                "checkin", "onboarding", "tour", "rangeOfMotionCheck",
            ]))
    }

    @Test(
        "Every path completes, the result file round-trips, and the store holds exactly the answered kinds",
        arguments: shippedTasks)
    func walk(task identifier: String) throws {
        let catalog = try Self.catalog()
        let entry = try #require(catalog.entry(forTask: identifier))
        let store = try CareStore.inMemory()
        let schedule = try Schedule.dailyAtTime(
            hour: 8, minute: 0, start: Self.start, end: nil, text: nil, calendar: Self.utc)
        _ = try store.addTask(CareTask(id: identifier, title: entry.title, schedule: schedule), now: Self.start)

        let paths = try WalkPlan.paths(of: entry)
        #expect(!paths.isEmpty)
        var runs = 0
        var skippedSomething = false
        for path in paths {
            let plain = try WalkPlan.run(entry, decisions: path.decisions, skipping: nil)
            for skipped in plain.skippableQuestions {
                for line in ["skip", ""] {
                    let run = try WalkPlan.run(
                        entry, decisions: path.decisions, skipping: WalkPlan.Skip(key: skipped, line: line))
                    try check(run, entry: entry, store: store, day: runs)
                    runs += 1
                    skippedSomething = skippedSomething || run.skippedKinds(entry).isEmpty == false
                }
            }
            try check(plain, entry: entry, store: store, day: runs)
            runs += 1
        }
        if entry.outcomes.contains(where: { !$0.extractorEntry(in: entry.task).isRequired }) {
            #expect(skippedSomething, "no walk skipped an answer an optional outcome reads")
        }
    }

    /// The run's tree, written and read back as a result file, extracts exactly the answered kinds, and stores them.
    private func check(_ run: WalkPlan.Run, entry: CatalogEntry, store: CareStore, day: Int) throws {
        let context =
            "\(entry.taskIdentifier) lines \(run.lines.map { "\($0.key.step)/\($0.key.item ?? "-")=\($0.line.debugDescription)" })"
        let file = ResultFileCodec.encode(run.result, timeZone: TimeZone(identifier: "UTC")!)
        let decoded = try ResultFileCodec.decode(file)
        var values: [OutcomeValue] = []
        if let extractor = entry.declarativeExtractor {
            do throws(ExtractionError) {
                values = try extractor.extract(from: decoded, createdDate: decoded.endDate)
            } catch {
                Issue.record("extraction failed: \(error) — \(context)")
                return
            }
        }
        #expect(Set(values.compactMap(\.kind)) == run.answeredKinds(entry), "\(context)")
        let dayStart = Self.utc.date(byAdding: .day, value: day, to: Self.utc.startOfDay(for: Self.start))!
        let report = try store.ingest(
            OutcomeIngest(
                taskID: entry.taskIdentifier, day: DateInterval(start: dayStart, duration: 86_400),
                runEndDate: dayStart.addingTimeInterval(9 * 3600), values: values,
                syncID: decoded.taskRunUUID.uuidString,
                taskRunUUID: decoded.taskRunUUID, createdDate: decoded.endDate))
        _ = report
        let stored = try store.outcomes(taskRunUUID: decoded.taskRunUUID)
        #expect(stored.count == 1, "\(context)")
        #expect(stored.first?.values.map(\.value) == values.map(\.value), "\(context)")
        #expect(stored.first?.values.map(\.kind) == values.map(\.kind), "\(context)")
    }
}
