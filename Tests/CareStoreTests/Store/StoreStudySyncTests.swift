import CareModel
import Foundation
import GRDB
import Testing

@testable import CareStore

/// The device's side of study sync in the store (docs/study-sync.md, "The device's store"): enrollment, the outbox the
/// triggers fill, and pulled pages applied whole with their anchor.
@Suite("Care store: study enrollment, outbox and pulled pages")
struct StoreStudySyncTests {
    static let participant = UUID(uuidString: "0000000A-0000-0000-0000-000000000001")!

    static func enrollment(device: UUID = UUID(), participant: UUID = participant) -> StudyEnrollment {
        StudyEnrollment(
            deviceID: device, participantID: participant, participantLabel: "P001", studyID: "trial",
            homeTimeZone: "UTC", databaseURL: "postgres://study@db/trial", enrolledDate: Fixture.today)
    }

    /// The study's task "t" (daily 08:00–09:00 UTC from today), as a pulled task version.
    static func studyTask() throws -> CareTask {
        var task = CareTask(id: "t", title: "T", schedule: try Fixture.daily(), effectiveDate: Fixture.today)
        task.createdDate = Fixture.today
        task.updatedDate = Fixture.today
        return task
    }

    /// A pulled outcome of `task` on day `day`, in state `ended`/`reason`.
    static func pulled(
        _ task: CareTask, day: Int, minute: Int = 10, ended: Date? = nil, reason: OutcomeEndReason? = nil
    ) -> Outcome {
        let created = Fixture.day(day, hour: 8).addingTimeInterval(Double(minute) * 60)
        var outcome = Outcome(
            id: UUID().uuidString, taskVersionUUID: task.uuid, occurrence: day,
            values: [Fixture.value(4, kind: "pain")],
            createdDate: created, deletedDate: ended, eventStart: Fixture.day(day, hour: 8),
            eventEnd: Fixture.day(day, hour: 9))
        outcome.id = outcome.uuid.uuidString
        outcome.endReason = reason
        outcome.runEndDate = created
        return outcome
    }

    /// An enrolled file store holding the study's task, pulled as page 1.
    static func enrolledStore() throws -> (CareStore, CareTask) {
        let store = try StoreKind.file.make().store
        try store.enroll(enrollment())
        let task = try studyTask()
        try store.apply(PullPage(after: 0, rows: [.task(task)], anchor: 1))
        return (store, task)
    }

    static func outbox(_ store: CareStore) throws -> [String] {
        try store.outbox(after: 0, limit: 100).map { change in
            switch change.kind {
            case .version(let outcome): "version \(outcome.uuid)"
            case .delete(let uuid, _): "delete \(uuid)"
            }
        }
    }

    @Test("a store that is not enrolled keeps no outbox; an enrolled one numbers each new version and each deletion")
    func outboxFollowsEveryWrite() throws {
        let plain = try StoreIngestTests.store(.file)
        let task = try #require(try plain.task(id: "t"))
        _ = try plain.addOutcome(
            taskVersion: task.uuid, occurrence: 0, values: [], createdDate: Fixture.day(0, hour: 8))
        #expect(try plain.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM syncOutbox") } == 0)

        let (store, studyTask) = try Self.enrolledStore()
        #expect(try Self.outbox(store).isEmpty)  // the pulled task is not sent back
        let added = try store.addOutcome(
            taskVersion: studyTask.uuid, occurrence: 1, values: [], createdDate: Fixture.day(1, hour: 8))
        let replaced = try store.replaceOutcome(
            uuid: added.uuid, values: [Fixture.value(2, kind: "pain")], createdDate: Fixture.day(1, hour: 9))
        try store.deleteOutcome(uuid: replaced.uuid, now: Fixture.day(1, hour: 10))
        // Ingest's loser is stored already superseded: still a new version the server must have.
        _ = try store.ingest(StoreIngestTests.item("late", day: 2, hour: 9))
        let loser = try store.ingest(StoreIngestTests.item("early", day: 2, hour: 8.2))
        #expect(loser.superseded?.isIngested == true)
        let changes = try store.outbox(after: 0, limit: 100)
        #expect(
            try Self.outbox(store) == [
                "version \(added.uuid)", "version \(replaced.uuid)", "delete \(replaced.uuid)",
                "version \(try #require(changes[3].outcomeUUID))",
                "version \(loser.outcomeUUID)",
            ])
        #expect(changes.map(\.localSeq) == [1, 2, 3, 4, 5])
        // Versions go out as first written (live, values included); a deletion with its instant.
        if case .version(let outcome) = changes[1].kind {
            #expect(
                outcome.deletedDate == nil && outcome.endReason == nil && outcome.values.count == 1
                    && outcome.id == added.id)
        } else {
            Issue.record("change 2 is not a version")
        }
        if case .delete(_, let at) = changes[2].kind {
            #expect(at == Fixture.day(1, hour: 10))
        } else {
            Issue.record("change 3 is not a deletion")
        }
        #expect(try store.outbox(after: 3, limit: 1).map(\.localSeq) == [4])
        #expect(try store.unpushedChangeCount() == 5)
        try store.acknowledgePush(through: 3)
        try store.acknowledgePush(through: 2)  // an acknowledgment never goes back
        #expect(try store.unpushedChangeCount() == 2)
    }

    @Test(
        "a pulled page is applied whole with its anchor: new rows added, states taken, a live version takes its event; nothing goes to the outbox"
    )
    func pulledPagesApplyWhole() throws {
        let (store, task) = try Self.enrolledStore()
        let mine = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 3, values: [], createdDate: Fixture.day(3, hour: 8))
        let theirs = Self.pulled(task, day: 3, minute: 40)
        let old = Self.pulled(task, day: 4, ended: Fixture.day(4, hour: 9), reason: .superseded)
        // Mine, as the server decided it after another device's later run: superseded.
        var mineOnServer = mine
        mineOnServer.deletedDate = theirs.createdDate
        mineOnServer.endReason = .superseded
        try store.apply(PullPage(after: 1, rows: [.outcome(theirs), .outcome(old), .outcome(mineOnServer)], anchor: 9))
        #expect(try store.outcomes(taskID: "t").map(\.uuid) == [theirs.uuid])
        #expect(try store.outcome(uuid: theirs.uuid)?.values == theirs.values)
        #expect(try store.supersededOutcomes().map(\.uuid).sorted() == [mine.uuid, old.uuid].sorted())
        #expect(try store.studyEnrollment()?.pulledSeq == 9)
        #expect(try Self.outbox(store) == ["version \(mine.uuid)"])
        // The same page again is not applied: it was read after anchor 1, and the store is at 9 now.
        #expect(
            try !store.apply(
                PullPage(after: 1, rows: [.outcome(theirs), .outcome(old), .outcome(mineOnServer)], anchor: 9)))
        // Read again after 9, its rows change nothing.
        #expect(
            try store.apply(
                PullPage(after: 9, rows: [.outcome(theirs), .outcome(old), .outcome(mineOnServer)], anchor: 9)))
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM outcome") } == 3)

        // A page that cannot be applied (an answer to a task version the store lacks) leaves nothing behind.
        var stray = Self.pulled(task, day: 5)
        stray.taskVersionUUID = UUID()
        let fine = Self.pulled(task, day: 6)
        #expect(throws: CareStoreError.self) {
            try store.apply(PullPage(after: 9, rows: [.outcome(fine), .outcome(stray)], anchor: 12))
        }
        #expect(try store.studyEnrollment()?.pulledSeq == 9)
        #expect(try store.outcome(uuid: fine.uuid) == nil)
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT applying FROM studyEnrolment") } == 0)
    }

    @Test("a deletion not sent yet keeps its instant in the outbox when a pulled page shows the version live again")
    func deletionOutlivesAPulledPage() throws {
        let (store, task) = try Self.enrolledStore()
        let mine = try store.addOutcome(
            taskVersion: task.uuid, occurrence: 2, values: [], createdDate: Fixture.day(2, hour: 8))
        try store.deleteOutcome(uuid: mine.uuid, now: Fixture.day(2, hour: 11))
        // The server had the version, live: it has not seen the deletion yet.
        try store.apply(PullPage(after: 1, rows: [.outcome(mine)], anchor: 5))
        #expect(try store.outcome(uuid: mine.uuid) != nil)
        let changes = try store.outbox(after: 0, limit: 10)
        #expect(changes.map(\.localSeq) == [1, 2])
        #expect(changes.last?.kind == .delete(uuid: mine.uuid, at: Fixture.day(2, hour: 11)))
    }

    @Test(
        "enrollment: a store with answers is refused, its survey-made tasks give way, and only the same participant may enroll again"
    )
    func enrollmentRules() throws {
        let answered = try StoreIngestTests.store(.file)
        let task = try #require(try answered.task(id: "t"))
        _ = try answered.addOutcome(
            taskVersion: task.uuid, occurrence: 0, values: [], createdDate: Fixture.day(0, hour: 8))
        #expect(throws: CareStoreError.enrollmentNeedsEmptyStore(outcomes: 1)) {
            try answered.enroll(Self.enrollment())
        }
        #expect(try answered.studyEnrollment() == nil)

        let fresh = try StoreIngestTests.store(.file)
        let first = Self.enrollment()
        try fresh.enroll(first)
        #expect(try fresh.task(id: "t") == nil)
        #expect(try fresh.studyEnrollment() == first)
        #expect(try fresh.enrollmentDate() == first.enrolledDate)
        #expect(throws: CareStoreError.enrolledElsewhere(label: "P001", studyID: "trial")) {
            try fresh.enroll(Self.enrollment(participant: UUID()))
        }
        // The same participant as a new device: a new id, and everything is pushed and pulled again.
        try fresh.apply(PullPage(after: 0, rows: [.task(try Self.studyTask())], anchor: 4))
        try fresh.acknowledgePush(through: 7)
        let second = Self.enrollment()
        try fresh.enroll(second)
        #expect(try fresh.studyEnrollment()?.deviceID == second.deviceID)
        #expect(try fresh.studyEnrollment()?.pushedSeq == 0 && fresh.studyEnrollment()?.pulledSeq == 0)
        #expect(try fresh.task(id: "t") != nil)
    }
}
