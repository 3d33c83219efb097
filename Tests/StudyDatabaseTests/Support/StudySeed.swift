import CareModel
import Foundation
import PostgresNIO

@testable import StudyDatabase

/// Test-only seeding of a study database with plain SQL: revisions, participants, task versions (schedules written
/// with `ScheduleJSON`, as publishing writes them) and outcomes with their values — the rows `study publish` and
/// `study ingest` write, so the reading side can be tested on its own.
struct StudySeed {
    /// The study's id.
    static let studyID = "trial"
    /// A superuser connection to the test database.
    let connection: StudyConnection
    /// The database's URL.
    let url: DatabaseURL
    private let sequence = Counter()

    /// Creates the schema and the study in the empty database at `url`.
    static func make(_ url: DatabaseURL) async throws -> StudySeed {
        _ = try await StudyDatabase.initialize(url: url, role: nil, studyID: studyID)
        return StudySeed(connection: try await StudyConnection.open(url), url: url)
    }

    /// Opens the study as the reading commands do.
    func open() async throws -> StudyDatabase {
        try await StudyDatabase.open(url: url, role: nil, studyID: Self.studyID)
    }

    /// Stores revision `revision` with `tasks` and moves the study to it.
    func publish(revision: Int, tasks: [PublishedTask], at date: Date) async throws {
        let surveys = String(decoding: try JSONEncoder().encode(tasks), as: UTF8.self)
        try await connection.execute(
            """
            INSERT INTO study_revision (study_id, revision, published_at, published_by, surveys, changes)
            VALUES (\(Self.studyID), \(revision), \(date), 'tester', \(surveys)::jsonb, '[]'::jsonb)
            """, "seed a revision")
        try await connection.execute(
            "UPDATE study SET revision = \(revision) WHERE id = \(Self.studyID)", "seed the revision")
    }

    /// Enrolls `label` in `zone` at `enrolled`.
    func enroll(_ label: String, zone: String, at enrolled: Date, withdrawn: Date? = nil) async throws -> Participant {
        let id = UUID()
        try await connection.execute(
            """
            INSERT INTO participant (id, study_id, label, enrolled_at, home_time_zone, withdrawn_at)
            VALUES (\(id), \(Self.studyID), \(label), \(enrolled), \(zone), \(withdrawn))
            """, "seed a participant")
        return Participant(
            id: id, label: label, enrolledAt: enrolled, timeZone: TimeZone(identifier: zone)!, withdrawnAt: withdrawn)
    }

    /// Stores `version` (its uuid, schedule, effective date, previous version) as a task version of `participant`.
    func addVersion(_ version: CareTask, of participant: Participant, revision: Int) async throws {
        let schedule = try ScheduleJSON.encode(version.schedule, taskID: version.id)
        try await connection.execute(
            """
            INSERT INTO task_version (uuid, participant_id, task_id, previous_uuid, study_revision, title, instructions,
            impacts_adherence, schedule, effective_at, deleted_at, source_digest, created_at, server_seq)
            VALUES (\(version.uuid), \(participant.id), \(version.id), \(version.previousVersionUUID), \(revision),
            \(version.title), \(version.instructions), \(version.impactsAdherence), \(schedule)::jsonb,
            \(version.effectiveDate), \(version.deletedDate), \(version.sourceDigest), \(version.effectiveDate),
            \(sequence.next()))
            """, "seed a task version")
    }

    /// Stores an outcome of event `occurrence` of `version` with `values` (ended with `endReason` when given).
    @discardableResult
    func addOutcome(
        _ version: CareTask, occurrence: Int, of participant: Participant, values: [OutcomeValue], created: Date,
        endReason: OutcomeEndReason? = nil, syncID: String = UUID().uuidString, syncVersion: Int = 1
    ) async throws -> UUID {
        let events = version.schedule.events(
            from: version.effectiveDate, to: version.effectiveDate.addingTimeInterval(400 * 86_400))
        guard let event = events.first(where: { $0.occurrence == occurrence }) else {
            throw SeedError.noSuchEvent(occurrence)
        }
        let uuid = UUID()
        let ended: Date? = endReason == nil ? nil : created.addingTimeInterval(60)
        try await connection.execute(
            """
            INSERT INTO outcome (uuid, participant_id, id, task_uuid, occurrence, event_start, event_end, sync_id,
            sync_version, recorded_time_zone, recorded_utc_offset, created_at, ended_at, end_reason, server_seq)
            VALUES (\(uuid), \(participant.id), \(uuid.uuidString), \(version.uuid), \(occurrence), \(event.start),
            \(event.end), \(syncID), \(syncVersion), \(participant.timeZone.identifier),
            \(participant.timeZone.secondsFromGMT(for: event.start)), \(created), \(ended), \(endReason?.rawValue),
            \(sequence.next()))
            """, "seed an outcome")
        for (ordinal, value) in values.enumerated() {
            let (integer, double, text): (Int?, Double?, String?) =
                switch value.value {
                case .integer(let number): (number, nil, nil)
                case .double(let number): (nil, number, nil)
                case .text(let words): (nil, nil, words)
                default: (nil, nil, "unsupported in the seed")
                }
            try await connection.execute(
                """
                INSERT INTO outcome_value (outcome_uuid, ordinal, kind, units, type, integer_value, double_value,
                text_value, created_at)
                VALUES (\(uuid), \(ordinal), \(value.kind), \(value.units), \(value.value.typeName), \(integer), \(double),
                \(text), \(created))
                """, "seed an outcome value")
        }
        return uuid
    }

    /// Closes the connection.
    func close() async { await connection.close() }
}

/// Why seeding failed.
enum SeedError: Error {
    /// The version's schedule has no event with this occurrence in its first 400 days.
    case noSuchEvent(Int)
}

/// A thread-safe counter for `server_seq`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
