import CareModel
import Foundation
import PostgresNIO
import Testing

@testable import StudyDatabase

/// `StudyDatabase.ingest` against the real test server: local ingest's rules (idempotent, higher versions replace,
/// the later run holds an event), the columns the study adds (offset, zone, server_seq), refusals that store
/// nothing, and transactions that are whole or absent.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason)) struct IngestTests {
    @Test func storesOutcomesValuesEventsAndSequenceNumbers() async throws {
        try await IngestSeed.with { _, seed in
            let results = try await seed.study.ingest(
                [IngestSeed.item("a", day: 3), IngestSeed.item("b", day: 1)], for: seed.participant)
            #expect(results.map { (try? $0.get())?.disposition } == [.added, .added])
            #expect(results.map { (try? $0.get())?.occurrence } == [3, 1])
            // Decided in order of run end: day 1 first, so it got server_seq 1.
            #expect(
                try await seed.rows() == [
                    .init(syncID: "b", version: 1, occurrence: 1, endReason: nil, serverSeq: 1),
                    .init(syncID: "a", version: 1, occurrence: 3, endReason: nil, serverSeq: 2),
                ])
            let row = try #require(
                try await seed.study.connection.rows(
                    """
                    SELECT event_start, event_end, recorded_utc_offset, recorded_time_zone, source_file, task_uuid, run_end_at
                    FROM outcome WHERE sync_id = 'a'
                    """, "read"
                ).first)
            let (start, end, offset, zone, file, task, runEnd) = try row.decode(
                (Date, Date, Int, String, String, UUID, Date).self)
            #expect(start == IngestSeed.day(3).addingTimeInterval(8 * 3600))
            #expect(end == IngestSeed.day(3).addingTimeInterval(9 * 3600))
            #expect(offset == 3600 && zone == "Europe/Berlin" && file == "/results/a-v1.json")
            #expect(task == seed.taskVersion && runEnd == IngestSeed.day(3).addingTimeInterval(8.5 * 3600))
            let values = try await seed.study.connection.rows(
                """
                SELECT v.ordinal, v.kind, v.type, v.integer_value, v.text_value FROM outcome_value v
                JOIN outcome o ON o.uuid = v.outcome_uuid WHERE o.sync_id = 'a' ORDER BY v.ordinal
                """, "read"
            ).map { try $0.decode((Int, String, String, Int?, String?).self) }
            #expect(values.count == 2)
            #expect(
                values.first.map { [$0.0 == 0, $0.1 == "checkin.form.pain", $0.2 == "integer", $0.3 == 3] } == [
                    true, true, true, true,
                ])
            // The COPY text escapes survive: a tab, a backslash and a newline come back as written.
            #expect(values.last?.4 == "tab\there\\ and\nline")
            #expect(try await seed.count("SELECT server_seq::int FROM participant") == 2)
        }
    }

    @Test func ingestingAgainChangesNothing() async throws {
        try await IngestSeed.with { _, seed in
            let items = (1...5).map { IngestSeed.item("s\($0)", day: $0) }
            _ = try await seed.study.ingest(items, for: seed.participant)
            let before = try await seed.rows()
            let again = try await seed.study.ingest(items, for: seed.participant)
            #expect(again.allSatisfy { (try? $0.get())?.disposition == .unchanged })
            #expect(try await seed.rows() == before)
            #expect(try await seed.count("SELECT count(*)::int FROM outcome_value") == 10)
            #expect(try await seed.count("SELECT server_seq::int FROM participant") == 5)
        }
    }

    @Test func aHigherVersionReplacesAndTheOldRowIsKept() async throws {
        try await IngestSeed.with { _, seed in
            _ = try await seed.study.ingest([IngestSeed.item("a", day: 2)], for: seed.participant)
            let results = try await seed.study.ingest(
                [IngestSeed.item("a", day: 2, version: 2, pain: 7), IngestSeed.item("a", day: 2, version: 1)],
                for: seed.participant)
            #expect((try? results[0].get())?.disposition == .replaced(previousVersion: 1))
            #expect((try? results[1].get())?.disposition == .olderVersion(stored: 2, offered: 1))
            // The old row ends with the next number after the new one's, so a device pulling after 1 sees both.
            #expect(
                try await seed.rows() == [
                    .init(syncID: "a", version: 2, occurrence: 2, endReason: nil, serverSeq: 2),
                    .init(syncID: "a", version: 1, occurrence: 2, endReason: "replaced", serverSeq: 3),
                ])
            // Both versions share the outcome id.
            #expect(try await seed.count("SELECT count(DISTINCT id)::int FROM outcome") == 1)
            // The same files again: unchanged, though the replaced version ended with the greater number.
            let again = try await seed.study.ingest(
                [IngestSeed.item("a", day: 2, version: 2, pain: 7), IngestSeed.item("a", day: 2, version: 1)],
                for: seed.participant)
            #expect((try? again[0].get())?.disposition == .unchanged)
            #expect((try? again[1].get())?.disposition == .olderVersion(stored: 2, offered: 1))
            #expect(try await seed.count("SELECT count(*)::int FROM outcome") == 2)
        }
    }

    @Test func theLaterRunHoldsAnEventTheOtherIsKeptSuperseded() async throws {
        try await IngestSeed.with { _, seed in
            // Across transactions: the stored holder loses to a later run…
            _ = try await seed.study.ingest([IngestSeed.item("early", day: 4, hour: 8.2)], for: seed.participant)
            let results = try await seed.study.ingest(
                [IngestSeed.item("late", day: 4, hour: 8.7), IngestSeed.item("earlier", day: 4, hour: 8.1)],
                for: seed.participant)
            #expect((try? results[0].get())?.superseded?.syncID == "early")
            #expect((try? results[1].get())?.superseded?.isIngested == true)
            // The stored holder, ended in the second transaction, is numbered after that transaction's new rows.
            #expect(
                try await seed.rows() == [
                    .init(syncID: "earlier", version: 1, occurrence: 4, endReason: "superseded", serverSeq: 2),
                    .init(syncID: "late", version: 1, occurrence: 4, endReason: nil, serverSeq: 3),
                    .init(syncID: "early", version: 1, occurrence: 4, endReason: "superseded", serverSeq: 4),
                ])
        }
    }

    @Test func everyOutcomeNamesATaskVersionOfItsParticipantAndEveryValueAnOutcome() async throws {
        // Schema 2 has no foreign keys on outcome and outcome_value: ingest itself keeps these references whole,
        // through added, replaced, superseded and unchanged outcomes.
        try await IngestSeed.with { _, seed in
            _ = try await seed.study.ingest(
                [IngestSeed.item("a", day: 2), IngestSeed.item("early", day: 4, hour: 8.2)], for: seed.participant)
            _ = try await seed.study.ingest(
                [
                    IngestSeed.item("a", day: 2, version: 2, pain: 7), IngestSeed.item("late", day: 4, hour: 8.7),
                    IngestSeed.item("a", day: 2, version: 2, pain: 7),
                ],
                for: seed.participant)
            #expect(try await seed.count("SELECT count(*)::int FROM outcome") == 4)
            #expect(try await seed.count("SELECT count(*)::int FROM outcome_value") == 8)
            #expect(
                try await seed.count(
                    """
                    SELECT count(*)::int FROM outcome o WHERE NOT EXISTS (
                        SELECT 1 FROM task_version t WHERE t.uuid = o.task_uuid AND t.participant_id = o.participant_id)
                    """) == 0)
            #expect(
                try await seed.count(
                    "SELECT count(*)::int FROM outcome_value v WHERE NOT EXISTS (SELECT 1 FROM outcome o WHERE o.uuid = v.outcome_uuid)"
                )
                    == 0)
        }
    }

    @Test func refusedItemsStoreNothingAndTheRestIsStored() async throws {
        try await IngestSeed.with { _, seed in
            var unknown = IngestSeed.item("u", day: 2)
            unknown.ingest.taskID = "sleep"
            var nul = IngestSeed.item("n", day: 3)
            nul.ingest.values[1].value = .text("a\u{0}b")
            let results = try await seed.study.ingest(
                [unknown, IngestSeed.item("before", day: -2), nul, IngestSeed.item("ok", day: 2)], for: seed.participant
            )
            #expect(results[0] == .failure(.rules(.taskNotFound(id: "sleep"))))
            #expect(results[1] == .failure(.beforeSchedule(taskID: "checkin", firstDay: IngestSeed.day(0))))
            #expect(results[2] == .failure(.nulCharacter(field: "the text of value checkin.note")))
            #expect((try? results[3].get())?.disposition == .added)
            #expect(try await seed.rows().map(\.syncID) == ["ok"])
        }
    }

    @Test func aWithdrawnOrUnknownParticipantIsRefused() async throws {
        try await IngestSeed.with(withdrawn: true) { _, seed in
            await #expect(
                throws: StudyDatabaseError.participantWithdrawn(label: "P001", withdrawnAt: IngestSeed.day(20))
            ) {
                try await seed.study.ingestParticipant(label: "P001")
            }
            // Withdrawn after the caller looked: refused under the row lock, nothing stored.
            let stale = Participant(
                id: seed.participant.id, label: "P001", enrolledAt: IngestSeed.day(0), timeZone: IngestSeed.zone)
            await #expect(
                throws: StudyDatabaseError.participantWithdrawn(label: "P001", withdrawnAt: IngestSeed.day(20))
            ) {
                try await seed.study.ingest([IngestSeed.item("a", day: 1)], for: stale)
            }
            let rows = try await seed.rows()
            #expect(rows == [])
            await #expect(throws: StudyDatabaseError.participantNotFound(label: "P999")) {
                try await seed.study.ingestParticipant(label: "P999")
            }
        }
    }

    @Test func aFailedTransactionLeavesNothingAndARerunCompletesIt() async throws {
        try await IngestSeed.with { url, seed in
            _ = try await seed.study.ingest(
                (1...3).map { IngestSeed.item("first\($0)", day: $0) }, for: seed.participant)
            // The server fails the second batch midway: a trigger refuses one of its rows during the COPY.
            try await TestServer.administer(
                """
                CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN IF NEW.sync_id = 'poison' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$
                """, on: url)
            try await TestServer.administer(
                """
                CREATE TRIGGER refuse_poison BEFORE INSERT ON outcome FOR EACH ROW EXECUTE FUNCTION refuse_poison()
                """, on: url)
            let second = [
                IngestSeed.item("second1", day: 4), IngestSeed.item("poison", day: 5),
                IngestSeed.item("second3", day: 6),
            ]
            await #expect(throws: StudyDatabaseError.self) {
                try await seed.study.ingest(second, for: seed.participant)
            }
            #expect(try await seed.rows().map(\.syncID) == ["first1", "first2", "first3"])
            #expect(try await seed.count("SELECT server_seq::int FROM participant") == 3)
            // The connection is usable again, and the rerun stores the batch once.
            try await TestServer.administer("DROP TRIGGER refuse_poison ON outcome", on: url)
            let rerun = try await seed.study.ingest(second, for: seed.participant)
            #expect(rerun.allSatisfy { (try? $0.get())?.disposition == .added })
            #expect(try await seed.rows().map(\.serverSeq) == [1, 2, 3, 4, 5, 6])
        }
    }
}
