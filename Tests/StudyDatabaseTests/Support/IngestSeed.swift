import Foundation
import PostgresNIO

@testable import CareModel
@testable import StudyDatabase

/// A study with one participant in Europe/Berlin, enrolled 2026-01-01, holding one task version "checkin" (daily
/// 08:00–09:00 local from enrollment, occurrence n on day n) — written with plain SQL, so ingest tests do not depend
/// on enrollment and publishing — and the items ingest tests store.
struct IngestSeed {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let label = "P001"
    static let taskID = "checkin"
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// Local midnight of 2026-01-01 + `day` days in Berlin (no DST change in January).
    static func day(_ day: Int) -> Date {
        Date(timeIntervalSince1970: 1_767_222_000).addingTimeInterval(Double(day) * 86_400)  // 2025-12-31T23:00:00Z
    }

    let study: StudyDatabase
    let participant: Participant
    let taskVersion: UUID

    /// Runs `body` on a seeded study in a new database, and closes the study whatever happens.
    static func with(withdrawn: Bool = false, _ body: (DatabaseURL, IngestSeed) async throws -> Void) async throws {
        try await TestServer.withDatabase { url in
            let seed = try await make(url, withdrawn: withdrawn)
            do {
                try await body(url, seed)
                await seed.study.close()
            } catch {
                await seed.study.close()
                throw error
            }
        }
    }

    /// Initializes the study in `url`'s database and seeds it.
    static func make(_ url: DatabaseURL, withdrawn: Bool = false) async throws -> IngestSeed {
        _ = try await StudyDatabase.initialize(url: url, role: nil, studyID: "trial")
        let study = try await StudyDatabase.open(url: url, role: nil, studyID: "trial")
        let participantID = UUID()
        let withdrawnAt: Date? = withdrawn ? day(20) : nil
        try await study.connection.execute(
            """
            INSERT INTO participant (id, study_id, label, enrolled_at, home_time_zone, withdrawn_at)
            VALUES (\(participantID), 'trial', \(label), \(day(0)), \(zone.identifier), \(withdrawnAt))
            """, "seed a participant")
        let element = try ScheduleElement(
            start: day(0).addingTimeInterval(8 * 3600), interval: .daily, duration: .hours(1), calendar: calendar)
        let schedule = try Schedule(composing: [element])
        let uuid = UUID()
        try await study.connection.execute(
            """
            INSERT INTO task_version (uuid, participant_id, task_id, study_revision, title, impacts_adherence, schedule,
                effective_at, created_at, server_seq)
            VALUES (\(uuid), \(participantID), \(taskID), 1, 'Check-in', true,
                \(try ScheduleJSON.encode(schedule, taskID: taskID))::jsonb, \(day(0)), \(day(0)), 1)
            """, "seed a task version")
        let participant = Participant(
            id: participantID, label: label, enrolledAt: day(0), timeZone: zone, withdrawnAt: withdrawnAt)
        return IngestSeed(study: study, participant: participant, taskVersion: uuid)
    }

    /// A check-in that ended on `day` at `hour` local time, answering `pain`, written with offset +01:00.
    static func item(_ sync: String, day: Int, hour: Double = 8.5, version: Int = 1, pain: Int = 3) -> StudyIngestItem {
        let end = Self.day(day).addingTimeInterval(hour * 3600)
        let ingest = OutcomeIngest(
            taskID: taskID, day: DateInterval(start: Self.day(day), end: Self.day(day + 1)), runEndDate: end,
            values: [
                OutcomeValue(.integer(pain), kind: "checkin.form.pain", createdDate: end),
                OutcomeValue(.text("tab\there\\ and\nline"), kind: "checkin.note", units: nil, createdDate: end),
            ],
            syncID: sync, syncVersion: version, resultFile: "/results/\(sync)-v\(version).json", createdDate: end)
        return StudyIngestItem(ingest: ingest, recordedUTCOffset: 3600, recordedTimeZone: zone.identifier)
    }

    /// One stored outcome row, as the tests read it back.
    struct Row: Equatable {
        var syncID: String
        var version: Int
        var occurrence: Int
        var endReason: String?
        var serverSeq: Int64
    }

    /// Every outcome row of the participant, by server_seq.
    func rows() async throws -> [Row] {
        try await study.connection.rows(
            """
            SELECT sync_id, sync_version, occurrence, end_reason, server_seq FROM outcome
            WHERE participant_id = \(participant.id) ORDER BY server_seq
            """, "read outcomes"
        ).map { row in
            let (sync, version, occurrence, reason, seq) = try row.decode((String, Int, Int, String?, Int64).self)
            return Row(syncID: sync, version: version, occurrence: occurrence, endReason: reason, serverSeq: seq)
        }
    }

    /// One number a query returns.
    func count(_ query: PostgresQuery) async throws -> Int {
        try await study.connection.rows(query, "count").first?.decode(Int.self) ?? -1
    }
}
