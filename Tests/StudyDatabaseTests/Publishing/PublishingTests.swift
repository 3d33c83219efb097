import CareModel
import Foundation
import Testing

@testable import StudyDatabase

/// `study publish` against the real test server: versions per participant in their own zone, the answered-event
/// guard, unchanged and removed tasks, compare-and-set, dry runs and withdrawal (docs/study-database.md, "Publishing
/// and revisions").
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason)) struct PublishingTests {
    /// Four participants on both sides of the date line, all enrolled at the same instant.
    static let zones = [
        "P1": "Europe/Berlin", "P2": "America/Los_Angeles", "P3": "Asia/Kolkata", "P4": "Pacific/Chatham",
    ]
    static let first = [
        StudyFixture.task("checkin", digest: "c1"), StudyFixture.task("mood", digest: "m1"),
        StudyFixture.task("tour", digest: "t1"),
    ]
    static let second = [StudyFixture.task("checkin", digest: "c2"), StudyFixture.task("mood", digest: "m1")]

    static func enrollAll(_ fixture: StudyFixture) async throws {
        for (label, zone) in zones.sorted(by: { $0.key < $1.key }) {
            try await fixture.enroll(label, zone, at: "2026-11-20T10:00:00Z")
        }
    }

    @Test func theFirstPublishGivesEachParticipantTheirTasksFromTheirLocalEnrollmentDay() async throws {
        try await StudyFixture.withStudy { fixture in
            try await Self.enrollAll(fixture)
            let report = try await fixture.publish(Self.first, expecting: 0, at: "2026-11-23T12:00:00Z")
            #expect(report.revision.number == 1)
            #expect(report.revision.changes.map(\.kind) == [.added, .added, .added])
            // 10:00Z on 2026-11-20 is still the 20th in Los Angeles (02:00) and already late on the 20th in Chatham
            // (23:45).
            for (label, zone) in Self.zones {
                let versions = try await fixture.versions(of: label)
                #expect(versions.keys.sorted() == ["checkin", "mood", "tour"])
                for chain in versions.values {
                    #expect(chain.count == 1)
                    #expect(
                        StudyFixture.local(chain[0].effectiveAt, zone) == "2026-11-20T00:00:00\(Self.offset[zone]!)")
                    #expect(chain[0].studyRevision == 1)
                    let schedule = try ScheduleJSON.decode(chain[0].scheduleJSON, taskID: chain[0].taskID)
                    #expect(schedule.elements.map(\.calendar.timeZone.identifier) == [zone])
                    #expect(
                        StudyFixture.local(schedule.elements[0].start, zone)
                            == "2026-11-20T08:00:00\(Self.offset[zone]!)")
                }
                #expect(versions.values.flatMap { $0 }.map(\.serverSeq).sorted() == [1, 2, 3])
            }
        }
    }

    static let offset = [
        "Europe/Berlin": "+01:00", "America/Los_Angeles": "-08:00", "Asia/Kolkata": "+05:30",
        "Pacific/Chatham": "+13:45",
    ]

    @Test func aChangedSurveyTakesEffectAtEachParticipantsNextLocalMidnightPastAnsweredEvents() async throws {
        try await StudyFixture.withStudy { fixture in
            try await Self.enrollAll(fixture)
            try await fixture.publish(Self.first, expecting: 0, at: "2026-11-23T12:00:00Z")
            // P1 answered tomorrow's 08:00 check-in (Berlin) already; P2 answered today's, which is before the change.
            let berlin = try await fixture.versions(of: "P1")["checkin"]![0]
            try await fixture.answer(
                berlin, eventStart: StudyFixture.instant("2026-11-24T08:00:00+01:00"), occurrence: 4)
            let angeles = try await fixture.versions(of: "P2")["checkin"]![0]
            try await fixture.answer(
                angeles, eventStart: StudyFixture.instant("2026-11-23T08:00:00-08:00"), occurrence: 3)

            let report = try await fixture.publish(Self.second, expecting: 1, at: "2026-11-23T12:00:00Z")
            #expect(report.unchanged == ["mood"])
            let expected = [
                "P1": "2026-11-24T09:00:01+01:00", "P2": "2026-11-24T00:00:00-08:00", "P3": "2026-11-24T00:00:00+05:30",
                // 12:00Z is already 01:45 on the 24th in Chatham: its next midnight is the 25th's.
                "P4": "2026-11-25T00:00:00+13:45",
            ]
            for (label, zone) in Self.zones {
                let versions = try await fixture.versions(of: label)
                let checkin = versions["checkin"]!
                #expect(checkin.count == 2)
                #expect(checkin[1].previousUUID == checkin[0].uuid)
                #expect(checkin[1].sourceDigest == "c2")
                #expect(StudyFixture.local(checkin[1].effectiveAt, zone) == expected[label])
                #expect(versions["mood"]!.count == 1, "an unchanged survey makes no version")
                let tour = versions["tour"]!
                #expect(tour.count == 2)
                #expect(tour[1].deletedAt != nil, "a removed task gets a tombstone")
                let tombstoneDay = label == "P4" ? "2026-11-25" : "2026-11-24"
                #expect(
                    StudyFixture.local(tour[1].effectiveAt, zone) == "\(tombstoneDay)T00:00:00\(Self.offset[zone]!)")
            }
            let moved = try #require(
                report.participants.first { $0.participant.label == "P1" }?.versions.first { $0.taskID == "checkin" })
            #expect(moved.movedFrom.map { StudyFixture.local($0, "Europe/Berlin") } == "2026-11-24T00:00:00+01:00")
            #expect(moved.answeredEvent?.start == StudyFixture.instant("2026-11-24T07:00:00Z"))
            let notMoved = report.participants.first { $0.participant.label == "P2" }?.versions.first {
                $0.taskID == "checkin"
            }
            #expect(notMoved?.movedFrom == nil)
        }
    }

    @Test func aStaleExpectedRevisionIsRefusedAndChangesNothing() async throws {
        try await StudyFixture.withStudy { fixture in
            try await Self.enrollAll(fixture)
            try await fixture.publish(Self.first, expecting: 0, at: "2026-11-23T12:00:00Z")
            let versions = try await fixture.count("task_version")
            await #expect(throws: StudyDatabaseError.revisionConflict(expected: 0, current: 1)) {
                try await fixture.publish(Self.second, expecting: 0, at: "2026-11-23T13:00:00Z")
            }
            #expect(try await fixture.count("task_version") == versions)
            #expect(try await fixture.count("study_revision") == 1)
            #expect(try await StudyTable.revision(of: "trial", fixture.study.connection) == 1)
        }
    }

    @Test func ofTwoPublishesAtOnceExactlyOneWins() async throws {
        try await StudyFixture.withStudy { fixture in
            try await Self.enrollAll(fixture)
            let other = try await StudyDatabase.open(url: fixture.url, role: nil, studyID: "trial")
            func attempt(_ study: StudyDatabase) async -> Result<PublishReport, StudyDatabaseError> {
                do throws(StudyDatabaseError) {
                    return .success(
                        try await study.publish(
                            tasks: Self.first, expecting: 0, now: StudyFixture.instant("2026-11-23T12:00:00Z"),
                            dryRun: false,
                            schedules: StudyFixture.dailyAtEight))
                } catch {
                    return .failure(error)
                }
            }
            async let a = attempt(fixture.study)
            async let b = attempt(other)
            let results = await [a, b]
            let wins = results.filter { if case .success = $0 { true } else { false } }
            let losses = results.compactMap { if case .failure(let error) = $0 { error } else { nil } }
            #expect(wins.count == 1)
            #expect(losses == [.revisionConflict(expected: 0, current: 1)])
            #expect(try await fixture.count("study_revision") == 1)
            #expect(try await fixture.count("task_version") == Self.zones.count * Self.first.count)
            await other.close()
        }
    }

    @Test func aDryRunReportsTheVersionsAndChangesNothing() async throws {
        try await StudyFixture.withStudy { fixture in
            try await Self.enrollAll(fixture)
            let report = try await fixture.publish(Self.first, expecting: 0, at: "2026-11-23T12:00:00Z", dryRun: true)
            #expect(report.dryRun)
            #expect(report.participants.map(\.versions.count) == [3, 3, 3, 3])
            #expect(try await fixture.count("task_version") == 0)
            #expect(try await fixture.count("study_revision") == 0)
            #expect(try await StudyTable.revision(of: "trial", fixture.study.connection) == 0)
            try await fixture.publish(Self.first, expecting: 0, at: "2026-11-23T12:00:00Z")
            #expect(try await fixture.count("task_version") == 12)
        }
    }
}
