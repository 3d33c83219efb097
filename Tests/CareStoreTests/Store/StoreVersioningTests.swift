import CareModel
import Foundation
import Testing

@testable import CareStore

@Suite(
    "Care store: tasks and versions (docs/carekit-store.md, \"Tasks and versions\" and \"Which version is in force\" and \"Events across versions\")"
)
struct StoreVersioningTests {
    @Test("add, then adding the same id or uuid again fails", arguments: StoreKind.allCases)
    func addRules(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let task = CareTask(id: "checkin", title: "Check In", schedule: try Fixture.daily())
        let stored = try store.addTask(task, now: Fixture.today)
        #expect(stored.createdDate == Fixture.today)
        #expect(stored.effectiveDate == Fixture.day(0, hour: 8))
        #expect(throws: CareStoreError.taskExists(id: "checkin")) { try store.addTask(task, now: Fixture.today) }
        var sameUUID = task
        sameUUID.id = "other"
        #expect(throws: CareStoreError.taskVersionExists(uuid: task.uuid)) {
            try store.addTask(sameUUID, now: Fixture.today)
        }
        #expect(throws: CareStoreError.taskNotFound(id: "nope")) {
            try store.updateTask(CareTask(id: "nope", title: "x", schedule: try Fixture.daily()), now: Fixture.today)
        }
    }

    @Test(
        "docs/carekit-store.md, \"Which version is in force\" testTaskQueryOnPastDateReturnsPastVersionOfATask and …SpanningVersionsReturnsNewestVersionOnly",
        arguments: StoreKind.allCases)
    func datedQueries(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let now = Fixture.day(0, hour: 12)
        let a = try store.addTask(
            CareTask(id: "t", title: "A", schedule: try Fixture.daily(), effectiveDate: now.addingTimeInterval(-100)),
            now: now)
        var next = a
        next.title = "B"
        next.effectiveDate = now
        try store.updateTask(next, now: now)
        #expect(
            try store.tasks(from: now.addingTimeInterval(-90), to: now.addingTimeInterval(-10)).map(\.title) == ["A"])
        #expect(try store.task(id: "t", at: now.addingTimeInterval(-1))?.title == "A")
        #expect(try store.task(id: "t", at: now)?.title == "B")
        next.title = "C"
        next.effectiveDate = now.addingTimeInterval(100)
        try store.updateTask(next, now: now)
        #expect(try store.tasks(from: now, to: now.addingTimeInterval(110)).map(\.title) == ["C"])
        #expect(try store.taskVersions(id: "t").map(\.title) == ["A", "B", "C"])
        #expect(try store.taskVersions(id: "t").map(\.previousVersionUUID).dropFirst().allSatisfy { $0 != nil })
    }

    @Test(
        "docs/carekit-store.md, \"Which version is in force\" testTaskQueryStartingExactlyOnEffectiveDateOfNewVersion; fetch by id returns the newest version",
        arguments: StoreKind.allCases)
    func exactEffectiveDate(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let schedule = try Fixture.daily()
        let first = try store.addTask(CareTask(id: "t", title: "V1", schedule: schedule), now: Fixture.today)
        var second = first
        second.title = "V2"
        second.effectiveDate = try #require(schedule.event(occurrence: 5)).start
        try store.updateTask(second, now: Fixture.today)
        let titles = try store.tasks(from: second.effectiveDate, to: second.effectiveDate.addingTimeInterval(3600)).map(
            \.title)
        #expect(titles == ["V2"])
        var third = first
        third.title = "V3"
        third.effectiveDate = Fixture.day(365)
        try store.updateTask(third, now: Fixture.today)
        #expect(try store.task(id: "t")?.title == "V3")
    }

    @Test(
        "docs/carekit-store.md, \"Events across versions\" testFetchEventsAcrossVersionsWithNoOverlap: V1 occ 7,8,9 then V2 occ 0,1,2",
        arguments: StoreKind.allCases)
    func eventsAcrossVersions(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let v1 = try store.addTask(CareTask(id: "t", title: "V1", schedule: try Fixture.daily()), now: Fixture.today)
        var v2 = v1
        v2.title = "V2"
        v2.schedule = try Fixture.daily(from: 10)
        v2.effectiveDate = Fixture.day(10)
        try store.updateTask(v2, now: Fixture.today)
        let events = try store.events(taskID: "t", from: Fixture.day(7), to: Fixture.day(13))
        #expect(events.map(\.task.title) == ["V1", "V1", "V1", "V2", "V2", "V2"])
        #expect(events.map(\.scheduleEvent.occurrence) == [7, 8, 9, 0, 1, 2])
        // A query starting on the new version's effective date only sees the new version.
        #expect(try store.events(taskID: "t", from: Fixture.day(10), to: Fixture.day(11)).map(\.task.title) == ["V2"])
        // Before the new version takes effect the old one keeps showing.
        #expect(try store.events(from: Fixture.day(3), to: Fixture.day(4)).map(\.task.title) == ["V1"])
    }

    @Test(
        "an all-day event overlapping a new version's effective date is returned for both versions (docs/carekit-store.md, \"Events across versions\")",
        arguments: StoreKind.allCases)
    func overlapBothVersions(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let v1 = try store.addTask(
            CareTask(id: "t", title: "V1", schedule: try Fixture.daily(allDay: true)), now: Fixture.today)
        var v2 = v1
        v2.title = "V2"
        v2.schedule = try Fixture.daily(from: 5, hour: 12, allDay: true)
        v2.effectiveDate = Fixture.day(5, hour: 12)
        try store.updateTask(v2, now: Fixture.today)
        let events = try store.events(taskID: "t", from: Fixture.day(5), to: Fixture.day(6))
        // Same start: ordered by task uuid string (docs/carekit-store.md, "Events across versions" step 6), so compare
        // without order.
        #expect(Set(events.map { "\($0.task.title)#\($0.scheduleEvent.occurrence)" }) == ["V1#5", "V2#0"])
        #expect(events.map(\.scheduleEvent.start) == [Fixture.day(5), Fixture.day(5)])
    }

    @Test(
        "11 versions at 10 s spacing return 11 copies of the same all-day event (docs/carekit-store.md, \"Events across versions\")",
        arguments: StoreKind.allCases)
    func elevenVersions(_ kind: StoreKind) throws {
        let store = try kind.make().store
        var task = try store.addTask(
            CareTask(id: "t", title: "T", schedule: try Fixture.daily(allDay: true)), now: Fixture.today)
        for step in 1...10 {
            task.effectiveDate = Fixture.today.addingTimeInterval(Double(step) * 10)
            task = try store.updateTask(task, now: Fixture.today)
        }
        let events = try store.events(taskID: "t", from: Fixture.day(0), to: Fixture.day(1))
        #expect(events.count == 11)
        #expect(Set(events.map(\.task.uuid)).count == 11)
        #expect(Set(events.map(\.scheduleEvent.start)) == [Fixture.day(0)])
    }

    @Test(
        "same effective date → the newest version wins; an earlier-dated update is hidden by the older version (docs/carekit-store.md, \"Events across versions\")",
        arguments: StoreKind.allCases)
    func effectiveDateTies(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let v1 = try store.addTask(CareTask(id: "t", title: "V1", schedule: try Fixture.daily()), now: Fixture.today)
        var v2 = v1
        v2.title = "V2"
        try store.updateTask(v2, now: Fixture.today)
        #expect(
            Set(try store.events(taskID: "t", from: Fixture.day(0), to: Fixture.day(3)).map(\.task.title)) == ["V2"])

        let other = try store.addTask(
            CareTask(id: "u", title: "U1", schedule: try Fixture.daily(), effectiveDate: Fixture.day(5)),
            now: Fixture.today)
        var earlier = other
        earlier.title = "U2"
        earlier.effectiveDate = Fixture.day(0)
        try store.updateTask(earlier, now: Fixture.today)
        let titles = try store.events(taskID: "u", from: Fixture.day(0), to: Fixture.day(10)).map(\.task.title)
        #expect(titles == Array(repeating: "U2", count: 5) + Array(repeating: "U1", count: 5))
    }

    @Test(
        "docs/carekit-store.md, \"Tasks and versions\" tombstones: a deleted task has no events, no current version, and cannot be updated",
        arguments: StoreKind.allCases)
    func tombstones(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let task = try store.addTask(CareTask(id: "t", title: "T", schedule: try Fixture.daily()), now: Fixture.today)
        let tombstone = try store.deleteTask(id: "t", now: Fixture.day(1))
        #expect(tombstone.deletedDate == Fixture.day(1))
        #expect(tombstone.previousVersionUUID == task.uuid)
        #expect(try store.events(from: Fixture.day(0), to: Fixture.day(5)).isEmpty)
        #expect(try store.task(id: "t") == nil)
        #expect(try store.task(id: "t", at: Fixture.day(2)) == nil)
        #expect(try store.taskVersions(id: "t").count == 2)
        #expect(throws: CareStoreError.taskDeleted(id: "t")) { try store.updateTask(task, now: Fixture.day(2)) }
        #expect(throws: CareStoreError.taskDeleted(id: "t")) { try store.deleteTask(id: "t", now: Fixture.day(2)) }
    }
}
