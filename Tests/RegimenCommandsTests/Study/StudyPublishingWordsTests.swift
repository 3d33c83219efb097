import Catalog
import Foundation
import RegimenFoundation
import Testing

@testable import RegimenCommands
@testable import StudyDatabase

/// The words and exit codes of enrolling and publishing (docs/study-database.md, "Participants and study days" and
/// "Publishing and revisions"; docs/command-line-conventions.md, "Exit codes"), and the survey folder as published.
struct StudyPublishingWordsTests {
    @Test func aConflictTellsWhichRevisionToExpectAndExits75() {
        let error = RegimenError.study(.revisionConflict(expected: 2, current: 3))
        #expect(ErrorReporter.exitCode(for: error) == 75)
        #expect(ErrorReporter.report(error, commandName: "regimen") == """
            regimen: study database: the study is at revision 3, not 2: someone published since; review `study revisions` \
            and publish again with --expect-revision 3. Nothing was changed

            """)
    }

    @Test func badInputIsACommandLineErrorAndATakenLabelIsNot() {
        #expect(ErrorReporter.exitCode(for: .study(.invalidTimeZone("CET"))) == 64)
        #expect(ErrorReporter.exitCode(for: .study(.invalidLabel("a b"))) == 64)
        #expect(ErrorReporter.exitCode(for: .study(.participantNotFound(label: "P9"))) == 64)
        #expect(ErrorReporter.exitCode(for: .study(.participantExists(label: "P1"))) == 1)
        #expect(ErrorReporter.exitCode(for: .study(.permissionDenied(operation: "publish a revision", role: "regimen_reader"))) == 77)
        #expect(ErrorReporter.exitCode(for: .study(.taskRemoved(taskID: "tour", removedIn: 2))) == 65)
    }

    @Test func enrollAcceptsADayAnInstantAndALocalTimeInTheZone() throws {
        let kolkata = TimeZone(identifier: "Asia/Kolkata")!
        #expect(try StudyEnrollCommand.instant("2026-11-23", in: kolkata) == StudyFixtureTime.instant("2026-11-22T18:30:00Z"))
        #expect(try StudyEnrollCommand.instant("2026-11-23T08:00:00Z", in: kolkata) == StudyFixtureTime.instant("2026-11-23T08:00:00Z"))
        #expect(try StudyEnrollCommand.instant("2026-11-23 09:15", in: kolkata) == StudyFixtureTime.instant("2026-11-23T03:45:00Z"))
        #expect(throws: RegimenError.self) { try StudyEnrollCommand.instant("next week", in: kolkata) }
    }

    @Test func theShippedSurveysArePublishedWithSchedulesInWordsAndLabelledVariables() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let catalog = try Catalog.load(directory: root.appendingPathComponent("surveys"), calendar: calendar)
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
