import CareModel
import Foundation
import SystemPackage
import TestSupport
import Testing

@testable import CareStore

@Suite("Care store: ensureTask, adherence, files (docs/carekit-store.md, \"Adherence\" and \"The Recover sample\")")
struct StoreLifecycleTests {
    func definition(digest: String, title: String = "Check In") throws -> CareTask {
        CareTask(id: "checkin", title: title, schedule: try Fixture.daily(from: -10), sourceDigest: digest)
    }

    @Test(
        "ensureTask: absent → added, same digest → unchanged, changed → version from the start of today",
        arguments: StoreKind.allCases)
    func ensureTaskVersions(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let now = Fixture.day(0, hour: 7)
        let added = try store.ensureTask(try definition(digest: "d1"), now: now, calendar: Fixture.utc)
        guard case .added = added else {
            Issue.record("expected .added, got \(added)")
            return
        }
        let same = try store.ensureTask(try definition(digest: "d1", title: "ignored"), now: now, calendar: Fixture.utc)
        #expect(same == .unchanged(added.task))
        let changed = try store.ensureTask(try definition(digest: "d2", title: "New"), now: now, calendar: Fixture.utc)
        guard case .updated(let version) = changed else {
            Issue.record("expected .updated, got \(changed)")
            return
        }
        #expect(version.effectiveDate == Fixture.today)
        #expect(version.previousVersionUUID == added.task.uuid)
        #expect(try store.taskVersions(id: "checkin").map(\.sourceDigest) == ["d1", "d2"])
        #expect(
            try store.events(taskID: "checkin", from: Fixture.day(-1), to: Fixture.day(1)).map(\.task.title) == [
                "Check In", "New",
            ])
    }

    @Test(
        "ensureTask: a changed definition never hides today's answered event; it takes effect one second after that event's end",
        arguments: StoreKind.allCases)
    func ensureTaskKeepsOutcomes(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let first = try store.ensureTask(try definition(digest: "d1"), now: Fixture.day(-5), calendar: Fixture.utc).task
        let todayEvent = try #require(
            try store.events(taskID: "checkin", from: Fixture.today, to: Fixture.day(1)).first)
        let outcome = try store.addOutcome(
            taskVersion: first.uuid, occurrence: todayEvent.scheduleEvent.occurrence,
            values: [Fixture.value(4, kind: "pain")],
            createdDate: Fixture.day(0, hour: 8))
        let result = try store.ensureTask(
            try definition(digest: "d2", title: "New"), now: Fixture.day(0, hour: 10), calendar: Fixture.utc)
        #expect(result.task.effectiveDate == Fixture.day(0, hour: 9).addingTimeInterval(1))
        let events = try store.events(taskID: "checkin", from: Fixture.today, to: Fixture.day(2))
        #expect(events.first?.outcome?.uuid == outcome.uuid)
        #expect(events.map(\.task.title) == ["Check In", "New"])
    }

    @Test("ensureTask on a deleted task reports taskDeleted and adds nothing", arguments: StoreKind.allCases)
    func ensureDeleted(_ kind: StoreKind) throws {
        let store = try kind.make().store
        try store.ensureTask(try definition(digest: "d1"), now: Fixture.today, calendar: Fixture.utc)
        try store.deleteTask(id: "checkin", now: Fixture.day(1))
        #expect(throws: CareStoreError.taskDeleted(id: "checkin")) {
            try store.ensureTask(try definition(digest: "d2"), now: Fixture.day(2), calendar: Fixture.utc)
        }
        #expect(try store.taskVersions(id: "checkin").count == 2)
    }

    @Test(
        "docs/carekit-store.md, \"Adherence\" testFetchAdherenceAggregatesEventsAcrossTasks: [.noTasks, .noTasks, .progress(0.5), .noEvents]",
        arguments: StoreKind.allCases)
    func adherenceExample(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let schedule = try Fixture.daily(hour: 0, every: 2)
        let one = try store.addTask(CareTask(id: "a", title: "A", schedule: schedule), now: Fixture.today)
        try store.addTask(CareTask(id: "b", title: "B", schedule: schedule), now: Fixture.today)
        try store.addTask(
            CareTask(id: "c", title: "C", impactsAdherence: false, schedule: schedule), now: Fixture.today)
        try store.addOutcome(taskVersion: one.uuid, occurrence: 0, values: [], createdDate: Fixture.today)
        let ring = try store.adherence(
            from: Fixture.day(-2), to: Fixture.day(2).addingTimeInterval(-1), calendar: Fixture.utc)
        #expect(ring == [.noTasks, .noTasks, .progress(0.5), .noEvents])
        let empty = try CareStore.inMemory()
        #expect(
            try empty.adherence(from: Fixture.day(0), to: Fixture.day(1).addingTimeInterval(-1), calendar: Fixture.utc)
                == [.noTasks])
    }

    @Test(
        "docs/carekit-store.md, \"The Recover sample\" Recover: range-of-motion task stored and queried for 06-22 returns occurrences 7 and 8",
        arguments: StoreKind.allCases)
    func recoverThroughStore(_ kind: StoreKind) throws {
        do {
            let store = try kind.make().store
            let now = Pinned.date("2023-06-15 10:17")
            let calendar = Fixture.utc
            let week = calendar.date(byAdding: .weekOfYear, value: 1, to: now)!
            let schedule = try Schedule(composing: [
                ScheduleElement(
                    start: calendar.startOfDay(for: now), end: week, interval: .daily, duration: .allDay,
                    calendar: calendar),
                ScheduleElement(
                    start: week, end: calendar.date(byAdding: .month, value: 1, to: calendar.startOfDay(for: now)),
                    interval: .weekly, duration: .allDay, calendar: calendar),
            ])
            try store.addTask(
                CareTask(id: "rangeOfMotionCheck", title: "Range Of Motion", schedule: schedule), now: now)
            let day = try store.events(from: Pinned.date("2023-06-22 00:00"), to: Pinned.date("2023-06-22 23:59:59"))
            #expect(day.map(\.scheduleEvent.occurrence) == [7, 8], "\(kind)")
            #expect(
                try store.events(from: Pinned.date("2023-07-15 00:00"), to: Pinned.date("2023-08-15 00:00")).isEmpty)
        }
    }

    @Test("file store: folder 0700, file and -wal/-shm 0600, data and element order survive reopening")
    func fileStore() throws {
        let (store, folderURL) = try StoreKind.file.make()
        let folder = try #require(folderURL).path
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let path = try #require(store.path).string
        let la = Pinned.losAngeles
        let b = try ScheduleElement(
            start: Pinned.date("2023-03-10 02:30", la), interval: .daily, text: "b", calendar: la)
        let a = try ScheduleElement(
            start: Pinned.date("2023-03-10 02:30", la), interval: .weekly, duration: .minutes(5), text: "a",
            calendar: la)
        let task = try store.addTask(
            CareTask(id: "t", title: "T", schedule: try Schedule(composing: [b, a])), now: Fixture.today)
        try store.addOutcome(
            taskVersion: task.uuid, occurrence: 0, values: [Fixture.value(1, kind: "k")], createdDate: Fixture.today)
        func mode(_ file: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
        #expect(try mode(folder) == 0o700)
        #expect(try mode(path) == 0o600)
        for suffix in ["-wal", "-shm"] {
            #expect(FileManager.default.fileExists(atPath: path + suffix), "WAL mode keeps \(suffix) while open")
            #expect(try mode(path + suffix) == 0o600, "\(suffix)")
        }
        let reopened = try CareStore(path: FilePath(path))
        let stored = try #require(try reopened.task(id: "t"))
        #expect(stored.schedule == task.schedule)
        #expect(stored.schedule.elements.map(\.text) == ["b", "a"])
        #expect(try reopened.outcomes(taskID: "t").count == 1)
        #expect(throws: CareStoreError.self) { try CareStore(path: "/proc/no-such-dir/care.sqlite") }
    }
}

/// `CareStore(path:connection: .single)`, the care feed's way in: no write on a ready store, set-up on a new one.
@Suite("Care store: one connection for short reading commands")
struct StoreSingleConnectionTests {
    private func newPath() -> String {
        TemporaryFolders.path("carestore")
            .appendingPathComponent("care.sqlite").path
    }

    @Test("a new file asked for one connection is created whole (WAL, migrated) and then read over one connection")
    func newFileIsSetUp() throws {
        let path = newPath()
        let store = try CareStore(path: FilePath(path), connection: .single)
        #expect(store.connection == .single)
        _ = try store.ensureTask(
            CareTask(id: "checkin", title: "Check In", schedule: try Fixture.daily(), sourceDigest: "d"),
            now: Fixture.today,
            calendar: Fixture.utc)
        #expect(try store.taskVersions(id: "checkin").count == 1)
        let folder = (path as NSString).deletingLastPathComponent
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix("care.sqlite") }
        #expect(names.isEmpty, "no temporary file is left beside the store")
    }

    @Test("a ready store is read over one connection and its file is not changed by a byte")
    func readyFileIsNotWritten() throws {
        let path = newPath()
        do {
            let store = try CareStore(path: FilePath(path))
            try Fixture.addCheckIn(to: store)
            try store.setSetting("surveyFingerprint", to: "f")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let store = try CareStore(path: FilePath(path), connection: .single)
            #expect(store.connection == .single)
            let events = try store.events(from: Fixture.day(-1), to: Fixture.today)
            #expect(events.count == 1)
            #expect(events.first?.outcome?.values.first?.value == .double(4))
            #expect(try store.setting("surveyFingerprint") == "f")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("an empty file at the store path is an error naming it, not a new store (it may be a store cut short)")
    func emptyFileIsNotSetUp() throws {
        let path = newPath()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(throws: CareStoreError.notAStore(path: FilePath(path), problem: .empty)) {
            try CareStore(path: FilePath(path), connection: .single)
        }
        #expect(throws: CareStoreError.notAStore(path: FilePath(path), problem: .empty)) {
            try CareStore(path: FilePath(path))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    }
}
