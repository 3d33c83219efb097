import CareModel
import Foundation
import GRDB
import PostgresNIO
import RegimenFoundation
import Testing

@testable import CareStore
@testable import StudyDatabase
@testable import StudySync

/// A randomized model test of study sync against the real server (docs/study-sync.md): two or three devices of one
/// participant answer, replace, delete, ingest the same result files (some at a higher sync version) and sync at
/// random — whole syncs with random page sizes, and pulls cut off after a few pages — while the researcher publishes
/// new task versions. After every device has synced twice, every node holds the same outcome versions in the same
/// states and shows the same events, every version any device ever wrote is on the server, and no event has two live
/// outcomes.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason)) struct SyncModelTests {
    static let now = IngestSeed.day(40)

    /// One device: its store and id.
    struct Device {
        var store: CareStore
        var id: UUID
    }

    /// A versions' state as every node should agree on it: (uuid, live, end reason).
    struct RowState: Hashable, Comparable {
        var uuid: UUID
        var live: Bool
        var reason: String?

        static func < (a: RowState, b: RowState) -> Bool { a.uuid < b.uuid }
    }

    static func localRows(_ store: CareStore) throws -> [RowState] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT uuid, deletedDate IS NULL AS live, endReason FROM outcome").map {
                RowState(uuid: UUID(uuidString: $0["uuid"])!, live: $0["live"], reason: $0["endReason"])
            }
        }.sorted()
    }

    static func serverRows(_ seed: IngestSeed) async throws -> [RowState] {
        try await seed.study.connection.rows("SELECT uuid, ended_at IS NULL, end_reason FROM outcome", "read").map {
            let (uuid, live, reason) = try $0.decode((UUID, Bool, String?).self)
            return RowState(uuid: uuid, live: live, reason: reason)
        }.sorted()
    }

    /// The events of the first two weeks as the feed shows them: task version, occurrence, live outcome.
    static func feed(_ store: CareStore) throws -> [String] {
        try store.events(from: IngestSeed.day(0), to: IngestSeed.day(14)).map {
            "\($0.task.uuid) \($0.scheduleEvent.occurrence) \($0.outcome?.uuid.uuidString ?? "-")"
        }.sorted()
    }

    /// Publishes a new version of the check-in effective from local midnight of `day`, at `hour` (plain SQL, as the
    /// ingest tests seed versions; `study publish` itself is tested in the publishing tests).
    static func publish(_ seed: IngestSeed, from day: Int, hour: Double) async throws {
        let rows = try await seed.study.connection.rows(
            """
            SELECT uuid FROM task_version WHERE participant_id = \(seed.participant.id) ORDER BY server_seq DESC LIMIT 1
            """, "read the tip")
        let tip = try rows.first?.decode(UUID.self)
        let element = try ScheduleElement(
            start: IngestSeed.day(0).addingTimeInterval(hour * 3600), interval: .daily, duration: .hours(1),
            calendar: IngestSeed.calendar)
        let schedule = try ScheduleJSON.encode(try Schedule(composing: [element]), taskID: IngestSeed.taskID)
        try await seed.study.connection.execute(
            """
            WITH next AS (UPDATE participant SET server_seq = server_seq + 1 WHERE id = \(seed.participant.id) RETURNING server_seq)
            INSERT INTO task_version (uuid, participant_id, task_id, previous_uuid, study_revision, title, impacts_adherence,
                schedule, effective_at, created_at, server_seq)
            SELECT \(UUID()), \(seed.participant.id), \(IngestSeed.taskID), \(tip), 2, 'Check-in', true,
                \(schedule)::jsonb, \(IngestSeed.day(day)), \(IngestSeed.day(day)), server_seq FROM next
            """, "publish a version")
    }

    @Test(arguments: Array(UInt64(1)...6))
    func randomHistoriesConvergeAndLoseNothing(seedNumber: UInt64) async throws {
        try await IngestSeed.with { _, seed in
            var random = SplitMix64(seed: 0x5_1A_C0 &+ seedNumber)
            try await seed.study.connection.execute("UPDATE participant SET server_seq = 1", "align the counter")
            var devices: [Device] = []
            for _ in 0..<Int.random(in: 2...3, using: &random) {
                let (store, id) = try await StoreSyncTests.device(seed)
                _ = try await StoreSyncTests.sync(store, id, seed.study)
                devices.append(Device(store: store, id: id))
            }
            var written = Set<UUID>()
            var tick = 0.0
            var published = 0
            for _ in 0..<70 {
                tick += 1
                let created = IngestSeed.day(0).addingTimeInterval(tick * 97)
                let device = devices[Int.random(in: 0..<devices.count, using: &random)]
                let store = device.store
                let day = Int.random(in: 0..<10, using: &random)
                switch Int.random(in: 0..<12, using: &random) {
                case 0..<4:  // answer an event of the day (replacing its answer when it has one)
                    let events = try store.events(from: IngestSeed.day(day), to: IngestSeed.day(day + 1))
                    guard let event = events.randomElement(using: &random) else { continue }
                    let values = [
                        OutcomeValue(
                            .integer(Int.random(in: 1...10, using: &random)), kind: "pain", createdDate: created)
                    ]
                    do {
                        let outcome =
                            try event.outcome.map {
                                try store.replaceOutcome(
                                    uuid: $0.uuid, values: values, taskRunUUID: UUID(), createdDate: created)
                            }
                            ?? store.addOutcome(
                                taskVersion: event.task.uuid, occurrence: event.scheduleEvent.occurrence,
                                values: values,
                                taskRunUUID: UUID(), createdDate: created)
                        written.insert(outcome.uuid)
                    } catch CareStoreError.occurrenceShadowed {
                        continue  // a later version covers it here: the participant cannot answer it any more
                    }
                case 4:  // delete an answer
                    guard let live = try store.outcomes().randomElement(using: &random) else { continue }
                    try store.deleteOutcome(uuid: live.uuid, now: created)
                case 5..<7:  // ingest one of a few result files, some at version 2
                    let file = Int.random(in: 0..<4, using: &random)
                    let version = Int.random(in: 1...2, using: &random)
                    let end = IngestSeed.day(file).addingTimeInterval(8.5 * 3600 + Double(file * 60))
                    let report = try store.ingest(
                        OutcomeIngest(
                            taskID: IngestSeed.taskID,
                            day: DateInterval(start: IngestSeed.day(file), end: IngestSeed.day(file + 1)),
                            runEndDate: end,
                            values: [OutcomeValue(.integer(file + version), kind: "pain", createdDate: end)],
                            syncID: "file-\(file)", syncVersion: version, createdDate: end))
                    if case .added = report.disposition { written.insert(report.outcomeUUID) }
                    if case .replaced = report.disposition { written.insert(report.outcomeUUID) }
                case 7..<10:  // a whole sync, pages of 1 to 40
                    _ = try await StoreSyncTests.sync(
                        store, device.id, seed.study, pageSize: Int.random(in: 1...40, using: &random))
                case 10:  // a pull cut off after one or two pages
                    var anchor = try #require(try store.studyEnrollment()).pulledSeq
                    for _ in 0..<Int.random(in: 1...2, using: &random) {
                        let page = try await seed.study.pull(
                            deviceID: device.id, after: anchor, limit: Int.random(in: 1...5, using: &random))
                        try store.apply(page)
                        anchor = page.anchor
                    }
                default:  // the researcher publishes a new version from a later day
                    guard published < 2 else { continue }
                    published += 1
                    try await Self.publish(seed, from: 4 + 3 * published, hour: 8 + Double(published))
                }
            }
            for _ in 0..<2 {
                for device in devices {
                    _ = try await StoreSyncTests.sync(device.store, device.id, seed.study, pageSize: 25)
                }
            }
            let server = try await Self.serverRows(seed)
            let feeds = try devices.map { try Self.feed($0.store) }
            for (index, device) in devices.enumerated() {
                let local = try Self.localRows(device.store)
                #expect(
                    local == server,
                    "device \(index) (seed \(seedNumber)): only here \(Set(local).subtracting(server)), only on the server \(Set(server).subtracting(local))"
                )
                #expect(feeds[index] == feeds[0], "device \(index) shows other events (seed \(seedNumber))")
                #expect(try device.store.unpushedChangeCount() == 0)
            }
            #expect(
                written.isSubset(of: Set(server.map(\.uuid))),
                "a written version is missing on the server (seed \(seedNumber))")
            #expect(
                try await seed.count(
                    "SELECT count(*)::int FROM (SELECT 1 FROM outcome WHERE ended_at IS NULL GROUP BY task_uuid, occurrence HAVING count(*) > 1) t"
                ) == 0)
            #expect(server.count >= written.count && !written.isEmpty)
        }
    }
}
