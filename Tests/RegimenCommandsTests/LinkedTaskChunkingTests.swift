import CareModel
import CareStore
import Catalog
import Foundation
import HealthData
import ResearchTasks
import SystemPackage
import Testing

@testable import RegimenCommands

/// Linked tasks are scored a few months of data at a time, so memory does not grow with the years an export holds
/// (docs/health-export.md, "Linked tasks"): whatever the chunk, every event gets the number the whole data gives it.
@Suite("Linked tasks scored a chunk of days at a time")
struct LinkedTaskChunkingTests {
    /// 11 April 2026, 12:00 UTC: ten weeks of data behind, the 29 March DST change among them.
    static let now = Date(timeIntervalSince1970: 1_775_908_800)
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let environment = RegimenEnvironment(
        variables: [:], currentDirectory: URL(fileURLWithPath: "/"), clock: FixedClock(now), timeZone: berlin,
        stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false)
    static let watch = HealthSource(
        name: "Ann’s Apple Watch", version: "10.6", device: "<<HKDevice: 0x1>, name:Apple Watch, model:Watch>")
    static let phone = HealthSource(
        name: "Ann’s iPhone", version: "17.5", device: "<<HKDevice: 0x2>, name:iPhone, model:iPhone>")

    static func steps(_ start: Int64, minutes: Int64, _ value: Int, _ source: HealthSource) -> HealthExportItem {
        let date = { (seconds: Int64) in HealthDate(seconds: seconds, offsetMinutes: 60) }
        return .sample(
            HealthSample(
                type: HealthSpan.stepType, source: source, unit: "count", startDate: date(start),
                endDate: date(start + minutes * 60), value: String(value)))
    }

    /// From 1 February: every day a morning walk on the watch, the phone counting the same walk, and a walk from
    /// 23:55 to 00:05 UTC across midnight; one sample of three days across 1–4 March.
    static let items: [HealthExportItem] = {
        var items: [HealthExportItem] = []
        let first: Int64 = 1_769_904_000
        for day in Int64(0)..<69 {
            let midnight = first + day * 86_400
            items.append(steps(midnight + 8 * 3600, minutes: 40, 3000 + Int(day) * 37, watch))
            items.append(steps(midnight + 8 * 3600 + 600, minutes: 20, 2500, phone))
            items.append(steps(midnight + 86_400 - 300, minutes: 10, 1200, watch))
        }
        items.append(steps(first + 28 * 86_400, minutes: 3 * 24 * 60, 9000, phone))
        return items
    }()

    /// The steps task's live outcomes (occurrence → number) after an import scored with `chunkDays`.
    static func scored(chunkDays: Int) throws -> [Int: Double] {
        let store = try CareStore.inMemory()
        var rest = items[...]
        var batcher = HealthImportBatcher()
        try store.importHealth(file: "export.zip", homeZone: "Europe/Berlin", importedDate: now) {
            guard !rest.isEmpty else { return nil }
            rest.prefix(50).forEach { batcher.add($0) }
            rest = rest.dropFirst(50)
            return batcher.take()
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linked-chunks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Examples/HealthSurveys/steps.yaml"),
            to: folder.appendingPathComponent("steps.yaml"))
        let catalog = try Catalog.load(directory: FilePath(folder.path), calendar: environment.calendar)
        let reports = try LinkedTaskDerivation(store: store, environment: environment, chunkDays: chunkDays)
            .derive(catalog, home: berlin)
        #expect(reports.map { $0.task } == ["steps"])
        var numbers: [Int: Double] = [:]
        for outcome in try store.outcomes(taskID: "steps") where outcome.deletedDate == nil {
            if case .double(let number)? = outcome.values.first?.value { numbers[outcome.occurrence] = number }
        }
        return numbers
    }

    @Test(
        "chunks of 1, 5 and 30 days give every event the number one load of all the data gives, across a sample of three days and the DST change"
    )
    func sameNumbers() throws {
        let whole = try Self.scored(chunkDays: 10_000)
        #expect(whole.count == 70)
        for days in [1, 5, 30] {
            #expect(try Self.scored(chunkDays: days) == whole, "\(days)-day chunks")
        }
    }

    @Test("events are cut into runs that start within the chunk's days of their first event")
    func chunks() {
        let calendar = Self.environment.calendar
        let element = try! ScheduleElement(
            start: Self.now.addingTimeInterval(-10 * 86_400), interval: .daily, duration: .allDay, calendar: calendar)
        let task = CareTask(id: "t", title: "T", schedule: try! Schedule(composing: [element]))
        let events = task.schedule.events(from: Self.now.addingTimeInterval(-10 * 86_400), to: Self.now)
            .map { Event(task: task, scheduleEvent: $0, outcome: nil) }
        #expect(events.count == 11)
        #expect(LinkedTaskDerivation.chunks(events, days: 3).map(\.count) == [3, 3, 3, 2])
        #expect(LinkedTaskDerivation.chunks(events, days: 100).map(\.count) == [11])
        #expect(LinkedTaskDerivation.chunks([], days: 3).isEmpty)
    }
}
