import CareModel
import Foundation
import Testing

@testable import CareStore

/// Plans, contacts and the patient record kept as versions (docs/care-plans.md, "Versions"), and each task version's
/// plan and links.
@Suite("Care store: care plans, contacts and the patient as versions")
struct StoreCarePlanTests {
    static let knee = CarePlan(id: "knee", title: "Knee recovery", start: Fixture.day(0), end: Fixture.day(42))
    static let pt = CareContact(
        id: "pt", name: PersonName(given: "Maria", family: "Ruiz"), title: "Physical therapist",
        phoneNumbers: [LabeledValue(label: "work", value: "+14085550123")], planID: "knee")
    static let patient = CarePatient(
        id: "patient", name: PersonName(given: "Jane", family: "Daniels"), birthday: "1980-04-02", sex: .other("x"),
        allergies: ["Penicillin"])

    @Test(
        "a changed record gets a version from today; an unchanged one none; a removed one a tombstone",
        arguments: StoreKind.allCases)
    func versions(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let first = CareFileContents(plans: [Self.knee], contacts: [Self.pt], patient: Self.patient)
        let added = try store.ensureCareFile(first, now: Fixture.day(0, hour: 9), calendar: Fixture.utc)
        #expect(added.added == ["knee", "pt", "patient"] && added.updated.isEmpty)
        #expect(
            try store.ensureCareFile(first, now: Fixture.day(1, hour: 9), calendar: Fixture.utc)
                == CareFileEnsureReport())
        #expect(try store.careFileContents(at: Fixture.day(0, hour: 9)) == first)
        // Renamed on day 3, the contact gone: the days before keep what they had.
        var renamed = Self.knee
        renamed.title = "Knee recovery, weeks 1–6"
        let second = CareFileContents(plans: [renamed], patient: Self.patient)
        let changed = try store.ensureCareFile(second, now: Fixture.day(3, hour: 15), calendar: Fixture.utc)
        #expect(changed.updated == ["knee"] && changed.removed == ["pt"])
        #expect(try store.careFileContents(at: Fixture.day(2, hour: 23)) == first)
        #expect(try store.careFileContents(at: Fixture.day(3)) == second)
        // Before the first version: the first version.
        #expect(try store.careFileContents(at: Fixture.day(-5)).plans == [Self.knee])
        let chain = try #require(try store.planVersions()["knee"])
        #expect(chain.map(\.record.title) == ["Knee recovery", "Knee recovery, weeks 1–6"])
        #expect(chain.map(\.effectiveDate) == [Fixture.day(0), Fixture.day(3)])
        // The contact back: a new version after its tombstone.
        let third = CareFileContents(plans: [renamed], contacts: [Self.pt], patient: Self.patient)
        #expect(try store.ensureCareFile(third, now: Fixture.day(4), calendar: Fixture.utc).updated == ["pt"])
        #expect(try store.careFileContents(at: Fixture.day(4)).contacts == [Self.pt])
    }

    @Test("a task version's plan and links are kept by its uuid", arguments: StoreKind.allCases)
    func taskCare(_ kind: StoreKind) throws {
        let store = try kind.make().store
        let task = try store.addTask(
            CareTask(id: "walk", title: "Walk", schedule: try Fixture.daily()), now: Fixture.day(0))
        let details = TaskCareDetails(
            planID: "knee", links: [TaskLink(kind: .website, title: "Book", target: "https://example.com/a?b=1")])
        try store.setTaskCare(details, forTaskVersion: task.uuid)
        #expect(try store.taskCare(for: [task.uuid, UUID()]) == [task.uuid: details])
        try store.setTaskCare(TaskCareDetails(), forTaskVersion: task.uuid)
        #expect(try store.taskCare(for: [task.uuid]) == [task.uuid: TaskCareDetails()])
    }
}
