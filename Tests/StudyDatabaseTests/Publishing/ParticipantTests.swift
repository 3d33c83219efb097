import Foundation
import Testing

@testable import StudyDatabase

/// Enrollment and withdrawal against the real test server (docs/study-database.md, "Participants and study days").
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason)) struct ParticipantTests {
    @Test func someoneEnrolledAfterARevisionGetsItsTasksFromTheirEnrollmentDay() async throws {
        try await StudyFixture.withStudy { fixture in
            let before = try await fixture.enroll("early", "Europe/Berlin", at: "2026-11-20T10:00:00Z")
            #expect(before.revision == 0)
            #expect(before.versions.isEmpty)
            try await fixture.publish(PublishingTests.first, expecting: 0, at: "2026-11-21T12:00:00Z")
            let report = try await fixture.enroll(
                "late", "Asia/Kolkata", at: "2026-11-25T09:30:00+05:30", now: "2026-11-25T04:00:00Z")
            #expect(report.revision == 1)
            #expect(report.versions.map(\.taskID) == ["checkin", "mood", "tour"])
            for chain in try await fixture.versions(of: "late").values {
                #expect(chain.count == 1)
                #expect(StudyFixture.local(chain[0].effectiveAt, "Asia/Kolkata") == "2026-11-25T00:00:00+05:30")
                #expect(chain[0].studyRevision == 1)
            }
        }
    }

    @Test func enrollmentRefusesATakenLabelABadLabelAndAZoneThatIsNotAnIANAId() async throws {
        try await StudyFixture.withStudy { fixture in
            try await fixture.enroll("P1", "Europe/Berlin", at: "2026-11-20T10:00:00Z")
            await #expect(throws: StudyDatabaseError.participantExists(label: "P1")) {
                try await fixture.enroll("P1", "Asia/Kolkata", at: "2026-11-21T10:00:00Z")
            }
            await #expect(throws: StudyDatabaseError.invalidTimeZone("Mars/Olympus_Mons")) {
                try await fixture.enroll("P2", "Mars/Olympus_Mons", at: "2026-11-21T10:00:00Z")
            }
            await #expect(throws: StudyDatabaseError.invalidTimeZone("+01:00")) {
                try await fixture.enroll("P2", "+01:00", at: "2026-11-21T10:00:00Z")
            }
            await #expect(throws: StudyDatabaseError.invalidLabel("no spaces")) {
                try await fixture.enroll("no spaces", "Europe/Berlin", at: "2026-11-21T10:00:00Z")
            }
            #expect(try await fixture.study.participants().map(\.label) == ["P1"])
        }
    }

    @Test func withdrawalKeepsTheRowsAndStopsNewVersions() async throws {
        try await StudyFixture.withStudy { fixture in
            try await PublishingTests.enrollAll(fixture)
            try await fixture.publish(PublishingTests.first, expecting: 0, at: "2026-11-21T12:00:00Z")
            let withdrawnAt = StudyFixture.instant("2026-11-22T09:00:00Z")
            let first = try await fixture.study.withdraw(label: "P2", now: withdrawnAt)
            #expect(first.withdrawnNow)
            let again = try await fixture.study.withdraw(label: "P2", now: StudyFixture.instant("2026-11-23T09:00:00Z"))
            #expect(!again.withdrawnNow)
            #expect(again.participant.withdrawnAt == withdrawnAt, "withdrawing again keeps the first instant")
            await #expect(throws: StudyDatabaseError.participantNotFound(label: "P9")) {
                try await fixture.study.withdraw(label: "P9", now: withdrawnAt)
            }
            let report = try await fixture.publish(PublishingTests.second, expecting: 1, at: "2026-11-23T12:00:00Z")
            let p2 = try #require(report.participants.first { $0.participant.label == "P2" })
            #expect(p2.versions.isEmpty)
            #expect(p2.participant.withdrawnAt == withdrawnAt)
            let versions = try await fixture.versions(of: "P2")
            #expect(versions.values.map(\.count) == [1, 1, 1], "the old versions stay; no new ones")
            #expect(try await fixture.versions(of: "P1")["checkin"]?.count == 2)
            let listed = try await fixture.study.participants()
            #expect(listed.map(\.label) == ["P1", "P2", "P3", "P4"])
            #expect(listed[1].withdrawnAt == withdrawnAt)
        }
    }

    @Test func theReaderRoleMayNeitherEnrollNorPublish() async throws {
        try await StudyFixture.withStudy { fixture in
            let login = "reader_" + UUID().uuidString.prefix(8).lowercased()
            try await TestServer.administer(
                "CREATE ROLE \(login) LOGIN PASSWORD 'pw' IN ROLE \(AccessRoles.reader)", on: fixture.url)
            var readerURL = fixture.url
            readerURL.user = login
            readerURL.password = "pw"
            let reader = try await StudyDatabase.open(url: readerURL, role: AccessRoles.reader, studyID: "trial")
            await #expect(
                throws: StudyDatabaseError.permissionDenied(operation: "publish a revision", role: AccessRoles.reader)
            ) {
                try await reader.publish(
                    tasks: PublishingTests.first, expecting: 0, now: Date(), dryRun: false,
                    schedules: StudyFixture.dailyAtEight)
            }
            await #expect(
                throws: StudyDatabaseError.permissionDenied(operation: "enroll participants", role: AccessRoles.reader)
            ) {
                try await reader.enroll(
                    label: "P1", zoneIdentifier: "Europe/Berlin", enrolledAt: Date(), now: Date(),
                    schedules: StudyFixture.dailyAtEight)
            }
            await reader.close()
            try await TestServer.administer("DROP ROLE \(login)", on: fixture.url)
        }
    }
}
