import CareModel
import Foundation
import Testing

@testable import StudyDatabase

/// The reading side on rows written by `study enroll` and `study publish` themselves (not the test seed): events
/// follow the published versions across a republish, and the columns come from the published revisions.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct PublishedStudyTests {
    @Test("wide rows of an enrolled, published, answered and republished study")
    func republished() async throws {
        try await StudyFixture.withStudy { fixture in
            try await fixture.enroll("P1", "Europe/Berlin", at: "2026-11-20T10:00:00Z")
            try await fixture.enroll("P4", "Pacific/Chatham", at: "2026-11-20T10:00:00Z")
            let first = [StudyFixture.task("checkin", digest: "c1"), StudyFixture.task("mood", digest: "m1")]
            try await fixture.publish(first, expecting: 0, at: "2026-11-20T12:00:00Z")
            let checkin = try #require(try await fixture.versions(of: "P1")["checkin"]?.first)
            try await fixture.answer(checkin, eventStart: StudyFixture.instant("2026-11-21T07:00:00Z"), occurrence: 1)
            let second = [StudyFixture.task("checkin", digest: "c2", variables: ["score", "note"]), first[1]]
            try await fixture.publish(second, expecting: 1, at: "2026-11-22T12:00:00Z")

            let study = fixture.study
            let columns = try await study.wideColumns(task: nil)
            #expect(columns.names == ["checkin.score", "checkin.note", "mood.score"])
            let participants = try await study.participants(ReadFilter())
            #expect(participants.map(\.label) == ["P1", "P4"])
            let now = StudyFixture.instant("2026-11-24T12:00:00Z")
            let p1 = try await study.wideRows(
                of: participants[0], ReadFilter(task: "checkin"), columns: columns, now: now)
            #expect(
                p1.map { StudyFixture.local($0.eventStart, "Europe/Berlin") } == [
                    "2026-11-20T08:00:00+01:00", "2026-11-21T08:00:00+01:00", "2026-11-22T08:00:00+01:00",
                    "2026-11-23T08:00:00+01:00", "2026-11-24T08:00:00+01:00",
                ])
            #expect(p1.map(\.status) == ["missed", "completed", "missed", "missed", "missed"])
            #expect(p1.map(\.studyDay) == [1, 2, 3, 4, 5])
            // Chatham's 2026-11-20 began at 10:15Z the day before; enrolled at 23:45 local, its day 1 is the 20th.
            let p4 = try await study.wideRows(of: participants[1], ReadFilter(), columns: columns, now: now)
            #expect(p4.count == 2 * 5)
            #expect(
                p4.first.map { StudyFixture.local($0.eventStart, "Pacific/Chatham") } == "2026-11-20T08:00:00+13:45")
            let long = try await study.longOutcomes(of: participants[0], ReadFilter())
            #expect(
                long.map { "\($0.task) v\($0.taskVersion) r\($0.studyRevision) \($0.outcome.status)" } == [
                    "checkin v1 r1 current"
                ])
            let dictionary = try await study.dictionary()
            #expect(
                dictionary.map { "\($0.variable) +\($0.revisionAdded)" } == [
                    "checkin.score +1", "checkin.note +2", "mood.score +1",
                ])
        }
    }
}
