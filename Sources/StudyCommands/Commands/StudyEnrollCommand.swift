import ArgumentParser
import Foundation
import RegimenCommands
import RegimenFoundation
import ResearchTasks
import StudyDatabase

/// `regimen study enroll LABEL --zone IANA [--enrolled DATE|INSTANT]`: adds a participant; once a revision is
/// published they get its tasks from their enrollment day (docs/study-database.md, "Participants and study days").
struct StudyEnrollCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll",
        abstract: "Enroll a participant with their home time zone.",
        discussion: """
            The enrollment day (local, in --zone) is study day 1. When a revision is published, the participant gets \
            its tasks from that day. A label stays taken after withdrawal: enrolling it again fails (exit 1). It \
            prints a one-time code that enrolls the participant's first device (regimen enroll CODE); study code \
            LABEL issues one for each further device.
            """
    )

    @Argument(help: ArgumentHelp("The participant's label: 1–64 letters, digits, '.', '_' or '-'.", valueName: "label"))
    var label: String

    @Option(help: ArgumentHelp("Their home time zone, an IANA id such as Europe/Berlin.", valueName: "zone"))
    var zone: String

    @Option(
        help: ArgumentHelp(
            "When they were enrolled: a day YYYY-MM-DD (midnight in --zone) or an instant such as 2026-11-23T08:00:00Z "
                + "(default: now).", valueName: "when"))
    var enrolled: String?

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        guard Participant.isValid(label: label) else { throw RegimenError.study(.invalidLabel(label)) }
        guard let timeZone = Participant.ianaZone(zone) else { throw RegimenError.study(.invalidTimeZone(zone)) }
        let now = environment.clock.now()
        let enrolledAt =
            try enrolled.map { text throws(RegimenError) in try Self.instant(text, in: timeZone) } ?? now
        let (name, zoneID) = (label, zone)
        let report = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            do throws(StudyDatabaseError) {
                return try await study.enroll(
                    label: name, zoneIdentifier: zoneID, enrolledAt: enrolledAt, now: now,
                    schedules: StudySchedules.maker)
            } catch {
                throw .study(error)
            }
        }
        print(Self.text(of: report))
        print(StudyCodeCommand.text(code: report.code, expires: report.codeExpiresAt, label: name))
    }

    /// `--enrolled`'s instant: a day is its midnight in `zone`; a date and time without an offset is read in `zone`.
    static func instant(_ text: String, in zone: TimeZone) throws(RegimenError) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let reading = ISODateTime.read(text, rules: .surveyFile) else {
            throw .usage("--enrolled '\(text)' is not a day (YYYY-MM-DD) or an instant (such as 2026-11-23T08:00:00Z)")
        }
        if let date = reading.date { return date }
        let components = DateComponents(
            year: reading.day.year, month: reading.day.month, day: reading.day.day, hour: reading.time?.hour ?? 0,
            minute: reading.time?.minute ?? 0, second: reading.second ?? 0)
        guard let date = calendar.date(from: components) else {
            throw .usage("--enrolled '\(text)' names no moment in \(zone.identifier)")
        }
        return date
    }

    /// What enrollment prints.
    static func text(of report: EnrollReport) -> String {
        let participant = report.participant
        let zone = participant.timeZone
        let day = StudyTimeText.dayOrLocal(participant.enrollmentDayStart, zone)
        var text =
            "enrolled \(participant.label) in \(zone.identifier) at \(StudyTimeText.local(participant.enrolledAt, zone)); "
            + "study day 1 is \(day)"
        if report.revision == 0 {
            text += "; nothing is published yet: study publish gives them their tasks"
        } else {
            let tasks = report.versions.map(\.taskID).joined(separator: ", ")
            text += "; revision \(report.revision)'s tasks from \(day): \(tasks.isEmpty ? "none" : tasks)"
        }
        return text
    }
}
