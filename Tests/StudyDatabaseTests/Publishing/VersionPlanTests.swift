import Foundation
import Testing

@testable import StudyDatabase

/// The pure rules of publishing: study days, when a later version takes effect, and the change list
/// (docs/study-database.md, "Participants and study days" and "Publishing and revisions").
struct VersionPlanTests {
    static func participant(_ zone: String, enrolled: String) -> Participant {
        Participant(label: "P", enrolledAt: StudyFixture.instant(enrolled), timeZone: TimeZone(identifier: zone)!)
    }

    @Test func studyDaysCountFromOneOnTheLocalEnrollmentDayWithNoDayZero() {
        // 10:30Z on the 20th is 00:15 on the 21st in Chatham: that is its study day 1.
        let chatham = Self.participant("Pacific/Chatham", enrolled: "2026-11-20T10:30:00Z")
        #expect(chatham.studyDay(of: StudyFixture.instant("2026-11-21T23:59:00+13:45")) == 1)
        #expect(chatham.studyDay(of: StudyFixture.instant("2026-11-22T00:00:00+13:45")) == 2)
        #expect(chatham.studyDay(of: StudyFixture.instant("2026-11-20T23:00:00+13:45")) == -1)
        #expect(chatham.studyDay(of: StudyFixture.instant("2026-11-11T12:00:00+13:45")) == -10)
        let angeles = Self.participant("America/Los_Angeles", enrolled: "2026-11-20T10:30:00Z")
        #expect(angeles.studyDay(of: StudyFixture.instant("2026-11-20T10:30:00Z")) == 1)
    }

    @Test func aLaterVersionStartsAtTheNextLocalMidnightNeverBeforeEnrollment() {
        let berlin = Self.participant("Europe/Berlin", enrolled: "2026-11-20T10:00:00Z")
        let now = StudyFixture.instant("2026-11-23T22:30:00Z")  // 23:30 in Berlin
        let plain = VersionPlan.effectiveDate(for: berlin, now: now, answered: nil)
        #expect(StudyFixture.local(plain.effective, "Europe/Berlin") == "2026-11-24T00:00:00+01:00")
        // Enrolled in the future: not before their enrollment day.
        let future = Self.participant("Europe/Berlin", enrolled: "2026-12-01T10:00:00Z")
        #expect(
            StudyFixture.local(
                VersionPlan.effectiveDate(for: future, now: now, answered: nil).effective, "Europe/Berlin")
                == "2026-12-01T00:00:00+01:00")
        // An answered event before the midnight moves nothing; one at or after it moves the start past its end.
        let before = AnsweredEvent(
            start: StudyFixture.instant("2026-11-23T07:00:00Z"), end: StudyFixture.instant("2026-11-23T08:00:00Z"))
        #expect(VersionPlan.effectiveDate(for: berlin, now: now, answered: before).movedFrom == nil)
        let after = AnsweredEvent(
            start: StudyFixture.instant("2026-11-24T07:00:00Z"), end: StudyFixture.instant("2026-11-24T08:00:00Z"))
        let moved = VersionPlan.effectiveDate(for: berlin, now: now, answered: after)
        #expect(moved.effective == StudyFixture.instant("2026-11-24T08:00:01Z"))
        #expect(moved.movedFrom == plain.effective)
    }

    @Test func theChangeListNamesAddedChangedAndRemovedTasksAndWhatChanged() {
        var changed = StudyFixture.task("checkin", digest: "c2", variables: ["score", "sleep"])
        changed.scheduleSummary = "daily at 09:00"
        changed.variables[0].units = "points"
        let changes = TaskChange.between(
            [
                StudyFixture.task("checkin", digest: "c1", variables: ["score", "pain"]),
                StudyFixture.task("tour", digest: "t1"),
                StudyFixture.task("mood", digest: "m1"),
            ],
            [changed, StudyFixture.task("mood", digest: "m1"), StudyFixture.task("diary", digest: "d1")])
        #expect(
            changes == [
                TaskChange(
                    taskID: "checkin", kind: .changed, schedule: .init(from: "daily at 08:00", to: "daily at 09:00"),
                    variablesAdded: ["checkin.sleep"], variablesRemoved: ["checkin.pain"],
                    variablesChanged: ["checkin.score"]),
                TaskChange(taskID: "diary", kind: .added, variablesAdded: ["diary.score"]),
                TaskChange(taskID: "tour", kind: .removed, variablesRemoved: ["tour.score"]),
            ])
    }
}
