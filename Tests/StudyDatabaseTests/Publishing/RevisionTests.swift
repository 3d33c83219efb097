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

    /// docs/consent.md, "The study's copy of each version": a new version of a consent document is a new revision, and
    /// both versions, with their texts and digests, stay in the study database.
    @Test func everyPublishedConsentVersionIsKept() async throws {
        try await StudyFixture.withStudy { fixture in
            func onboarding(_ version: String) -> PublishedTask {
                var task = StudyFixture.task("onboarding", digest: "o\(version)")
                task.consent = PublishedConsentDocument(
                    document: "study-consent", version: version, effective: "2026-11-0\(version)", required: true,
                    withdrawal: ["keep", "remove"], language: "en", digest: "d\(version)",
                    text: "Consent, version \(version)\n")
                return task
            }
            try await fixture.publish([onboarding("1")], expecting: 0, at: "2026-11-21T12:00:00Z")
            try await fixture.publish([onboarding("2")], expecting: 1, at: "2026-11-23T12:00:00Z")
            let kept = try await fixture.study.revisions().map { $0.tasks.compactMap(\.consent) }
            #expect(kept.map { $0.map(\.version) } == [["1"], ["2"]])
            #expect(kept.first?.first?.text == "Consent, version 1\n")
            #expect(kept.last?.first?.withdrawal == ["keep", "remove"])
        }
    }
}
