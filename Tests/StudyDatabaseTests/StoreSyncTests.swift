import CareModel
import CareStore
import Foundation
import PostgresNIO
import Synchronization
import SystemPackage
import TestSupport
import Testing

@testable import StudyDatabase
@testable import StudySync

/// `StoreSync` between real care store files and the real test server (docs/study-sync.md, "Interrupted syncs"):
/// a sync interrupted between pulled pages, a push whose answer was lost, a push the server refuses whole, and two
/// pushers with a puller at once all end with every answer stored once, everywhere.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason)) struct StoreSyncTests {
    static let now = IngestSeed.day(30)

    /// A care store file in a new folder, enrolled as a new device of the seed's participant.
    static func device(_ seed: IngestSeed) async throws -> (CareStore, UUID) {
        let folder = TemporaryFolders.path("regimen-sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try CareStore(path: FilePath(folder.appendingPathComponent("store.sqlite").path))
        let code = try await seed.study.issueEnrollmentCode(label: IngestSeed.label)
        let device = try await seed.study.enrollDeviceWithToken(code: code.code, requiring: nil).0
        try store.enroll(
            StudyEnrollment(
                deviceID: device.deviceID, participantID: device.participant.id, participantLabel: IngestSeed.label,
                studyID: device.studyID, homeTimeZone: IngestSeed.zone.identifier, databaseURL: "", enrolledDate: now))
        return (store, device.deviceID)
    }

    static func sync(_ store: CareStore, _ device: UUID, _ study: StudyDatabase, pageSize: Int = 500) async throws
        -> StoreSync.Report
    {
        try await StoreSync(
            store: store, study: DatabaseRemote(study: study, deviceID: device), now: now, pageSize: pageSize
        ).run()
    }

    /// Answers the check-in of days `days` in `store` (each run ending at 08:30 Berlin).
    static func answer(_ store: CareStore, _ seed: IngestSeed, days: some Sequence<Int>, pain: Int = 3) throws {
        for day in days {
            let end = IngestSeed.day(day).addingTimeInterval(8.5 * 3600)
            try store.addOutcome(
                taskVersion: seed.taskVersion, occurrence: day,
                values: [OutcomeValue(.integer(pain), kind: "checkin.form.pain", createdDate: end)],
                taskRunUUID: UUID(),
                createdDate: end)
        }
    }

    static func uuids(_ store: CareStore) throws -> [UUID] {
        try store.outcomes().map(\.uuid).sorted()
    }

    static func serverUUIDs(_ seed: IngestSeed) async throws -> [UUID] {
        try await seed.study.connection.rows("SELECT uuid FROM outcome ORDER BY uuid", "read").map {
            try $0.decode(UUID.self)
        }
    }

    @Test func aSyncInterruptedBetweenPulledPagesCompletesWhenRunAgain() async throws {
        try await IngestSeed.with { _, seed in
            try await seed.study.connection.execute("UPDATE participant SET server_seq = 1", "align the counter")
            let (phone, phoneID) = try await Self.device(seed)
            _ = try await Self.sync(phone, phoneID, seed.study)
            try Self.answer(phone, seed, days: 0..<30)
            _ = try await Self.sync(phone, phoneID, seed.study)

            let (laptop, laptopID) = try await Self.device(seed)
            // The laptop applies two pages of ten, then dies.
            var anchor: Int64 = 0
            for _ in 0..<2 {
                let page = try await seed.study.pull(deviceID: laptopID, after: anchor, limit: 10)
                try laptop.apply(page)
                anchor = page.anchor
            }
            #expect(try laptop.studyEnrollment()?.pulledSeq == anchor)
            #expect(try Self.uuids(laptop).count == 19)  // the task version, then 19 answers
            let report = try await Self.sync(laptop, laptopID, seed.study, pageSize: 10)
            #expect(report.pulledOutcomes == 11 && report.pushed == 0)
            #expect(try Self.uuids(laptop) == Self.uuids(phone))
            #expect(try Self.uuids(laptop) == (try await Self.serverUUIDs(seed)))
            #expect(try laptop.unpushedChangeCount() == 0)
        }
    }

    @Test func aPushWhoseAnswerWasLostIsRecognizedWhenSentAgain() async throws {
        try await IngestSeed.with { _, seed in
            try await seed.study.connection.execute("UPDATE participant SET server_seq = 1", "align the counter")
            let (phone, phoneID) = try await Self.device(seed)
            _ = try await Self.sync(phone, phoneID, seed.study)
            try Self.answer(phone, seed, days: [1, 2])
            // The server commits the push, and the phone dies before it records the acknowledgment.
            _ = try await seed.study.push(
                try phone.outbox(after: 0, limit: 100), deviceID: phoneID, outboxEnd: try phone.outboxEnd(),
                deviceNow: Self.now)
            #expect(try phone.unpushedChangeCount() == 2)
            try Self.answer(phone, seed, days: [3])
            try phone.deleteOutcome(
                uuid: try #require(phone.outcomes().first { $0.occurrence == 1 }).uuid, now: Self.now)
            let report = try await Self.sync(phone, phoneID, seed.study)
            #expect(report.pushed == 2)  // the third answer and the deletion; the first two were known
            #expect(try phone.unpushedChangeCount() == 0)
            #expect(try await seed.count("SELECT count(*)::int FROM outcome") == 3)
            #expect(try await seed.count("SELECT count(*)::int FROM outcome WHERE end_reason = 'deleted'") == 1)
            #expect(try await seed.count("SELECT acked_local_seq::int FROM device WHERE id = \(phoneID)") == 4)
        }
    }

    @Test func answersWrittenWhileAPushIsUnderWayWaitForTheNextSyncAndRaiseNoFalseAlarm() async throws {
        try await IngestSeed.with { _, seed in
            try await seed.study.connection.execute("UPDATE participant SET server_seq = 1", "align the counter")
            let (phone, phoneID) = try await Self.device(seed)
            _ = try await Self.sync(phone, phoneID, seed.study)
            try Self.answer(phone, seed, days: 0..<25)
            // An ingest beside the sync: after each page the server takes, five more answers are written to the store.
            let remote = WritingRemote(
                inner: DatabaseRemote(study: seed.study, deviceID: phoneID),
                write: { page in try Self.answer(phone, seed, days: (100 + page * 5)..<(105 + page * 5)) })
            let report = try await StoreSync(store: phone, study: remote, now: Self.now, pageSize: 10).run()
            #expect(report.pushed == 25, "the sync sends the outbox as it was when it started")
            #expect(try phone.unpushedChangeCount() == 15, "three pages' worth of answers wait for the next sync")
            let next = try await Self.sync(phone, phoneID, seed.study)
            #expect(next.pushed == 15)
            #expect(try phone.unpushedChangeCount() == 0)
            #expect(try await seed.count("SELECT count(*)::int FROM outcome") == 40)
        }
    }

    @Test func aPushTheServerRefusesStoresNothingAndAcknowledgesNothing() async throws {
        try await IngestSeed.with { _, seed in
            try await seed.study.connection.execute("UPDATE participant SET server_seq = 1", "align the counter")
            let (phone, phoneID) = try await Self.device(seed)
            _ = try await Self.sync(phone, phoneID, seed.study)
            try Self.answer(phone, seed, days: [1])
            // An answer to a task version the study never gave this participant (made in the store by hand).
            let own = try phone.addTask(
                CareTask(
                    id: "own", title: "Own",
                    schedule: try Schedule(composing: [
                        ScheduleElement(
                            start: IngestSeed.day(0), interval: .daily, duration: .hours(1),
                            calendar: IngestSeed.calendar)
                    ])),
                now: IngestSeed.day(0))
            try phone.addOutcome(taskVersion: own.uuid, occurrence: 1, values: [], createdDate: IngestSeed.day(1))
            await #expect(throws: StoreSyncError.database(.unknownTaskVersion(own.uuid))) {
                try await Self.sync(phone, phoneID, seed.study)
            }
            #expect(try await seed.count("SELECT count(*)::int FROM outcome") == 0)
            #expect(try phone.unpushedChangeCount() == 2)
            #expect(try await seed.count("SELECT acked_local_seq::int FROM device WHERE id = \(phoneID)") == 0)
        }
    }

    @Test func twoPushersAndAPullerAtOnceLoseAndRepeatNothing() async throws {
        try await IngestSeed.with { _, seed in
            try await seed.study.connection.execute("UPDATE participant SET server_seq = 1", "align the counter")
            let (phone, phoneID) = try await Self.device(seed)
            let (laptop, laptopID) = try await Self.device(seed)
            let (watcher, watcherID) = try await Self.device(seed)
            for (store, id) in [(phone, phoneID), (laptop, laptopID)] { _ = try await Self.sync(store, id, seed.study) }
            try Self.answer(phone, seed, days: 0..<120)
            try Self.answer(laptop, seed, days: 120..<240)
            let phoneStudy = try await seed.study.openAnother()
            let laptopStudy = try await seed.study.openAnother()
            let watcherStudy = try await seed.study.openAnother()
            // Each pusher sends pages of 20; the watcher pulls pages of 7 until both are done and nothing is left.
            async let phoneDone = Self.sync(phone, phoneID, phoneStudy, pageSize: 20)
            async let laptopDone = Self.sync(laptop, laptopID, laptopStudy, pageSize: 20)
            var seen: [UUID] = []
            var anchor: Int64 = 0
            for _ in 0..<40 {
                let page = try await watcherStudy.pull(deviceID: watcherID, after: anchor, limit: 7)
                try watcher.apply(page)
                for case .outcome(let outcome) in page.rows { seen.append(outcome.uuid) }
                anchor = page.anchor
            }
            let reports = try await [phoneDone, laptopDone]
            #expect(reports.map(\.pushed) == [120, 120])
            _ = try await Self.sync(watcher, watcherID, watcherStudy, pageSize: 7)
            #expect(try Self.uuids(watcher).count == 240)
            #expect(Set(seen).count == seen.count, "no answer was pulled twice")
            #expect(try Self.uuids(watcher) == (try await Self.serverUUIDs(seed)))
            for study in [phoneStudy, laptopStudy, watcherStudy] { await study.close() }
        }
    }
}

/// The study database itself as a device's remote, for testing the sync protocol without the service between (the
/// service's routes call exactly these two functions with the token's device).
struct DatabaseRemote: StudyRemote {
    let study: StudyDatabase
    let deviceID: UUID

    func push(_ changes: [DeviceChange], outboxEnd: Int64, deviceNow: Date) async throws(StoreSyncError) -> PushReport {
        do throws(StudyDatabaseError) {
            return try await study.push(changes, deviceID: deviceID, outboxEnd: outboxEnd, deviceNow: deviceNow)
        } catch {
            throw .database(error)
        }
    }

    func pull(after anchor: Int64, limit: Int) async throws(StoreSyncError) -> PullPage {
        do throws(StudyDatabaseError) {
            return try await study.pull(deviceID: deviceID, after: anchor, limit: limit)
        } catch {
            throw .database(error)
        }
    }
}

/// A remote that runs `write` (with the page's number) after each push the server took: the store changing while a
/// sync is under way.
final class WritingRemote: StudyRemote {
    let inner: DatabaseRemote
    let write: @Sendable (Int) throws -> Void
    private let pages = Mutex(0)

    init(inner: DatabaseRemote, write: @escaping @Sendable (Int) throws -> Void) {
        self.inner = inner
        self.write = write
    }

    func push(_ changes: [DeviceChange], outboxEnd: Int64, deviceNow: Date) async throws(StoreSyncError) -> PushReport {
        let report = try await inner.push(changes, outboxEnd: outboxEnd, deviceNow: deviceNow)
        let page = pages.withLock { pages in
            defer { pages += 1 }
            return pages
        }
        do {
            try write(page)
        } catch {
            Issue.record("writing during the sync failed: \(error)")
        }
        return report
    }

    func pull(after anchor: Int64, limit: Int) async throws(StoreSyncError) -> PullPage {
        try await inner.pull(after: anchor, limit: limit)
    }
}
