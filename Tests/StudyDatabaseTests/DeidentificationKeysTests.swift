import Foundation
import PostgresNIO
import Testing

@testable import StudyDatabase

/// The de-identification secret and date shifts of schema version 5 (docs/deidentified-exports.md, "The secret and
/// the shifts"): drawn once by the server for every study and participant, kept, different per study, whole weeks
/// back, readable by the roles that export and not by the study service's.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct DeidentificationKeysTests {
    @Test func everyStudyAndParticipantGetsKeysDrawnOnceThatTheServiceCannotRead() async throws {
        try await StudyFixture.withStudy { fixture in
            try await fixture.enroll("ana", "Europe/Berlin", at: "2026-03-25T09:00:00+01:00")
            try await fixture.enroll("raj", "Asia/Kathmandu", at: "2026-03-25T09:00:00+05:45")
            let keys = try await fixture.study.deidentificationKeys()
            #expect(keys.secret.count == 32)
            #expect(keys.shiftDays.count == 2)
            #expect(keys.shiftDays.values.allSatisfy { $0 < 0 && $0 % 7 == 0 && $0 >= -364 }, "\(keys.shiftDays)")
            // Read again: the same (drawn once, kept), and printing the keys names neither.
            let again = try await fixture.study.deidentificationKeys()
            #expect(again.secret == keys.secret && again.shiftDays == keys.shiftDays)
            #expect(!"\(keys)".contains(String(keys.shiftDays.values.first ?? 0)))

            // Another study of the same database has another secret.
            _ = try await StudyDatabase.initialize(url: fixture.url, role: nil, studyID: "other")
            let other = try await StudyDatabase.open(url: fixture.url, role: nil, studyID: "other")
            let otherKeys = try await other.deidentificationKeys()
            await other.close()
            #expect(otherKeys.secret != keys.secret && otherKeys.shiftDays.isEmpty)

            let service = try await StudyConnection.open(
                try await AccessHardeningTests.login(AccessRoles.service, on: fixture.url), settings: .service)
            let reader = try await StudyConnection.open(
                try await AccessHardeningTests.login(AccessRoles.reader, on: fixture.url))
            for sql in ["SELECT deidentify_secret FROM study", "SELECT deidentify_shift_days FROM participant"] {
                #expect(
                    await AccessHardeningTests.failure(of: sql, on: service) == SQLState.insufficientPrivilege, "\(sql)"
                )
                #expect(await AccessHardeningTests.failure(of: sql, on: reader) == nil, "\(sql)")
            }
            // What the service's queries read, it still may.
            #expect(
                await AccessHardeningTests.failure(
                    of: "SELECT id, label, enrolled_at, home_time_zone, withdrawn_at, server_seq FROM participant",
                    on: service) == nil)
            #expect(await AccessHardeningTests.failure(of: "SELECT revision FROM study", on: service) == nil)
            for connection in [service, reader] { await connection.close() }
        }
    }
}
