import Foundation
import Testing

@testable import StudyDatabase

/// `study revisions`: each revision keeps what it published and what changed (docs/study-database.md, "Publishing and
/// revisions").
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason)) struct RevisionTests {
    @Test func revisionsListWhatEachPublishChanged() async throws {
        try await StudyFixture.withStudy { fixture in
            try await fixture.publish(PublishingTests.first, expecting: 0, at: "2026-11-21T12:00:00Z")
            let second = [
                StudyFixture.task("checkin", digest: "c2", title: "Daily check-in", variables: ["score", "sleep"]),
                StudyFixture.task("mood", digest: "m1"),
            ]
            try await fixture.publish(second, expecting: 1, at: "2026-11-23T12:00:00Z")
            let revisions = try await fixture.study.revisions()
            #expect(revisions.map(\.number) == [1, 2])
            #expect(revisions[0].changes.map(\.taskID) == ["checkin", "mood", "tour"])
            #expect(revisions[1].tasks == second, "the published tasks are kept as they were")
            #expect(revisions[1].publishedAt == StudyFixture.instant("2026-11-23T12:00:00Z"))
            #expect(revisions[1].publishedBy == fixture.url.user)
            #expect(
                revisions[1].changes == [
                    TaskChange(
                        taskID: "checkin", kind: .changed, title: .init(from: "Checkin", to: "Daily check-in"),
                        variablesAdded: ["checkin.sleep"]),
                    TaskChange(taskID: "tour", kind: .removed, variablesRemoved: ["tour.score"]),
                ])
        }
    }
}
