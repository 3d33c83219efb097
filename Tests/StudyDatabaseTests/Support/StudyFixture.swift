import CareModel
import Foundation
import PostgresNIO
import RegimenFoundation

@testable import StudyDatabase

/// A study for publishing tests: a fresh database with study "trial", tasks whose schedule is "daily at 08:00 for an
/// hour" in each participant's zone, instants written as ISO text, and direct reads of what was stored.
struct StudyFixture {
    let url: DatabaseURL
    let study: StudyDatabase

    /// Runs `body` with study "trial" initialized in a fresh database of the test server and opened; closes it and
    /// drops the database afterwards, whatever happens.
    static func withStudy(_ body: (StudyFixture) async throws -> Void) async throws {
        try await TestServer.withDatabase { url in
            _ = try await StudyDatabase.initialize(url: url, role: nil, studyID: "trial")
            let fixture = StudyFixture(
                url: url, study: try await StudyDatabase.open(url: url, role: nil, studyID: "trial"))
            do {
                try await body(fixture)
                await fixture.study.close()
            } catch {
                await fixture.study.close()
                throw error
            }
        }
    }

    /// The instant an ISO 8601 text with offset names.
    static func instant(_ text: String) -> Date {
        guard let date = ISODateTime.read(text, rules: .instant)?.date else { fatalError("bad instant \(text)") }
        return date
    }

    /// `date` read in `zone` (`2026-11-24T00:00:00+01:00`).
    static func local(_ date: Date, _ zone: String) -> String {
        ISODateTime(date, timeZone: TimeZone(identifier: zone)!, style: .extended).text
    }

    /// A published task; `digest` stands for its survey file's.
    static func task(_ id: String, digest: String, title: String? = nil, variables: [String] = ["score"])
        -> PublishedTask
    {
        PublishedTask(
            id: id, title: title ?? id.capitalized, digest: digest, impactsAdherence: true,
            scheduleSummary: "daily at 08:00",
            variables: variables.map { PublishedVariable(kind: "\(id).\($0)", type: "double") })
    }

    /// Daily at 08:00 for an hour from the participant's enrollment day, in their zone.
    static let dailyAtEight: ScheduleMaker = {
        (_: PublishedTask, participant: Participant) throws(StudyDatabaseError) -> Schedule in
        let calendar = participant.calendar
        let start = calendar.date(byAdding: .hour, value: 8, to: participant.enrollmentDayStart)!
        do {
            return try Schedule(composing: [
                ScheduleElement(
                    start: start, interval: ScheduleInterval(day: 1), duration: .hours(1), calendar: calendar)
            ])
        } catch {
            throw .scheduleUnusable(taskID: "test", label: participant.label, reason: "\(error)")
        }
    }

    /// Enrolls `label` in `zone` at `enrolledAt` (ISO text).
    @discardableResult
    func enroll(_ label: String, _ zone: String, at enrolledAt: String, now: String? = nil) async throws -> EnrollReport
    {
        let instant = Self.instant(enrolledAt)
        return try await study.enroll(
            label: label, zoneIdentifier: zone, enrolledAt: instant, now: now.map(Self.instant) ?? instant,
            schedules: Self.dailyAtEight)
    }

    /// Publishes `tasks` at `now` (ISO text), expecting revision `expected`.
    @discardableResult
    func publish(_ tasks: [PublishedTask], expecting expected: Int, at now: String, dryRun: Bool = false) async throws
        -> PublishReport
    {
        try await study.publish(
            tasks: tasks, expecting: expected, now: Self.instant(now), dryRun: dryRun, schedules: Self.dailyAtEight)
    }

    /// The participant's task versions per task id, each chain oldest first.
    func versions(of label: String) async throws -> [String: [TaskVersionRow]] {
        let participant = try await study.participant(label: label)
        return try await TaskVersionTable.chains(participants: [participant.id], study.connection)[participant.id]
            ?? [:]
    }

    /// How many rows `table` holds.
    func count(_ table: String) async throws -> Int {
        let rows = try await study.connection.rows(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), "count")
        return try rows[0].decode(Int.self)
    }

    /// Stores a live outcome for the event of `version` that starts at `start` and lasts an hour (what ingest
    /// would write; enough for the answered-event guard).
    func answer(_ version: TaskVersionRow, eventStart start: Date, occurrence: Int) async throws {
        try await study.connection.execute(
            """
            INSERT INTO outcome (uuid, participant_id, id, task_uuid, occurrence, event_start, event_end, sync_id,
                sync_version, created_at, server_seq)
            VALUES (\(UUID()), \(version.participantID), \(UUID().uuidString), \(version.uuid), \(occurrence), \(start),
                \(start.addingTimeInterval(3600)), \(UUID().uuidString), 1, \(start), 100)
            """, "store a test outcome")
    }
}
