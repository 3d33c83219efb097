import Catalog
import Foundation
import RegimenFoundation
import SystemPackage
import Testing

@testable import RegimenCommands
@testable import StudyCommands
@testable import StudyDatabase

/// The words and exit codes of enrolling and publishing (docs/study-database.md, "Participants and study days" and
/// "Publishing and revisions"; docs/command-line-conventions.md, "Exit codes"), and the survey folder as published.
struct StudyPublishingWordsTests {
    @Test func aConflictTellsWhichRevisionToExpectAndExits75() {
        let error = RegimenError.study(.revisionConflict(expected: 2, current: 3))
        #expect(ErrorReporter.exitCode(for: error) == 75)
        #expect(
            ErrorReporter.report(error, app: RegimenApp()) == """
                regimen: study database: the study is at revision 3, not 2: someone published since; review `study revisions` \
                and publish again with --expect-revision 3. Nothing was changed

                """)
    }

    @Test func badInputIsACommandLineErrorAndATakenLabelIsNot() {
        #expect(ErrorReporter.exitCode(for: .study(.invalidTimeZone("CET"))) == 64)
        #expect(ErrorReporter.exitCode(for: .study(.invalidLabel("a b"))) == 64)
        #expect(ErrorReporter.exitCode(for: .study(.participantNotFound(label: "P9"))) == 64)
        #expect(ErrorReporter.exitCode(for: .study(.participantExists(label: "P1"))) == 1)
        #expect(
            ErrorReporter.exitCode(
                for: .study(.permissionDenied(operation: "publish a revision", role: "regimen_reader"))) == 77)
        #expect(ErrorReporter.exitCode(for: .study(.taskRemoved(taskID: "tour", removedIn: 2))) == 65)
    }

    @Test func enrollAcceptsADayAnInstantAndALocalTimeInTheZone() throws {
        let kolkata = TimeZone(identifier: "Asia/Kolkata")!
        #expect(
            try StudyEnrollCommand.instant("2026-11-23", in: kolkata)
                == StudyFixtureTime.instant("2026-11-22T18:30:00Z"))
        #expect(
            try StudyEnrollCommand.instant("2026-11-23T08:00:00Z", in: kolkata)
                == StudyFixtureTime.instant("2026-11-23T08:00:00Z"))
        #expect(
            try StudyEnrollCommand.instant("2026-11-23 09:15", in: kolkata)
                == StudyFixtureTime.instant("2026-11-23T03:45:00Z"))
        #expect(throws: RegimenError.self) { try StudyEnrollCommand.instant("next week", in: kolkata) }
    }

    @Test func theShippedSurveysArePublishedWithSchedulesInWordsAndLabeledVariables() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let catalog = try Catalog.load(
            directory: FilePath(root.appendingPathComponent("surveys").path), calendar: calendar)
        let tasks = SurveyPublication.tasks(of: catalog)
        let checkin = try #require(tasks.first { $0.id == "checkin" })
        #expect(checkin.scheduleSummary == "daily at 08:00")
        #expect(checkin.variables.map(\.kind) == ["checkin.form.pain", "checkin.form.sleep"])
        #expect(checkin.variables[0].label == "How would you rate your pain?")
        #expect(checkin.variables[0].minimum == 1 && checkin.variables[0].maximum == 10)
        #expect(checkin.variables[1].units == "h")
        // The kept schedule gives back the survey's own, so a participant enrolled later gets the same.
        let entry = try #require(catalog.entry(forTask: "checkin"))
        #expect(checkin.schedule?.spec == entry.schedule)
        let onboarding = try #require(tasks.first { $0.id == "onboarding" })
        #expect(onboarding.scheduleSummary == "daily, all day")
    }
}

/// Instants written as ISO text in these tests.
enum StudyFixtureTime {
    static func instant(_ text: String) -> Date {
        guard let date = ISODateTime.read(text, rules: .instant)?.date else { fatalError("bad instant \(text)") }
        return date
    }
}

/// What `study publish` and `study revisions` print (docs/study-database.md, "Publishing and revisions").
struct StudyPublishingReportTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test func theReportGivesEachParticipantsDatesInTheirZoneAndSaysWhenAnAnsweredEventMovedOne() {
        let changes = [
            TaskChange(
                taskID: "checkin", kind: .changed, schedule: .init(from: "daily at 08:00", to: "daily at 09:00"),
                variablesAdded: ["checkin.sleep"]),
            TaskChange(taskID: "tour", kind: .removed),
        ]
        let revision = StudyRevision(
            number: 2, publishedAt: StudyFixtureTime.instant("2026-11-23T12:00:00Z"), publishedBy: "alice", tasks: [],
            changes: changes)
        let moved = VersionNote(
            taskID: "checkin", kind: .next, effective: StudyFixtureTime.instant("2026-11-24T08:00:01Z"),
            movedFrom: StudyFixtureTime.instant("2026-11-23T23:00:00Z"),
            answeredEvent: AnsweredEvent(
                start: StudyFixtureTime.instant("2026-11-24T07:00:00Z"),
                end: StudyFixtureTime.instant("2026-11-24T08:00:00Z")))
        let tombstone = VersionNote(
            taskID: "tour", kind: .tombstone, effective: StudyFixtureTime.instant("2026-11-23T23:00:00Z"),
            movedFrom: nil,
            answeredEvent: nil)
        let p1 = Participant(
            label: "P1", enrolledAt: StudyFixtureTime.instant("2026-11-20T10:00:00Z"), timeZone: Self.berlin)
        var p2 = Participant(
            label: "P2", enrolledAt: StudyFixtureTime.instant("2026-11-20T10:00:00Z"), timeZone: Self.berlin)
        p2.withdrawnAt = StudyFixtureTime.instant("2026-11-22T09:00:00Z")
        let report = PublishReport(
            revision: revision, unchanged: ["mood"],
            participants: [
                ParticipantPublication(participant: p1, versions: [moved, tombstone]),
                ParticipantPublication(participant: p2, versions: []),
            ], dryRun: false)
        #expect(
            PublishReportText.text(report, previous: 1) == """
                published revision 2 at 2026-11-23T12:00:00Z by alice (was 1)
                tasks:
                  changed checkin: schedule "daily at 08:00" → "daily at 09:00"; variables added: checkin.sleep
                  removed tour
                  unchanged mood
                participants:
                  P1 (Europe/Berlin): checkin new version from 2026-11-24T09:00:01+01:00 (effective moved from 2026-11-24 \
                to 2026-11-24T09:00:01+01:00 past the answered event on 2026-11-24T08:00:00+01:00); tour removed from 2026-11-24
                  P2 (Europe/Berlin): withdrawn at 2026-11-22T10:00:00+01:00; no new versions

                """)
        var dry = report
        dry.dryRun = true
        #expect(
            PublishReportText.text(dry, previous: 1).hasPrefix(
                "dry run: revision 2 would be published (the study is at 1); nothing was changed\n"))
    }

    @Test func revisionsListEachChangeInWords() {
        let revisions = [
            StudyRevision(
                number: 1, publishedAt: StudyFixtureTime.instant("2026-11-20T09:00:00Z"), publishedBy: "alice",
                tasks: [],
                changes: [TaskChange(taskID: "checkin", kind: .added)]),
            StudyRevision(
                number: 2, publishedAt: StudyFixtureTime.instant("2026-11-23T12:00:00Z"), publishedBy: "bob", tasks: [],
                changes: [
                    TaskChange(taskID: "checkin", kind: .changed, title: .init(from: "Check In", to: "Daily check-in")),
                    TaskChange(taskID: "mood", kind: .changed),
                ]),
        ]
        #expect(
            RevisionText.listing(revisions) == """
                revision 1  2026-11-20T09:00:00Z  by alice  (0 tasks)
                  added checkin
                revision 2  2026-11-23T12:00:00Z  by bob  (0 tasks)
                  changed checkin: title "Check In" → "Daily check-in"
                  changed mood: survey file changed (steps or wording)

                """)
    }
}
