import ArgumentParser
import Foundation
import RegimenFoundation
import RegimenCommands
import StudyDatabase

/// `regimen study code LABEL`: a new one-time enrolment code for one more device of a participant
/// (docs/study-sync.md, "Enrolment").
struct StudyCodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Issue a one-time code that enrols one device of a participant (regimen enroll CODE on it).",
        discussion: "Each code works once, for 14 days. Only its digest is stored: print it for the participant now."
    )

    @Argument(help: ArgumentHelp("The participant's label.", valueName: "label"))
    var label: String

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func run() throws {
        try ErrorReporter.guarded {
            let environment = try StudyDatabaseOptions.environment()
            let now = environment.clock.now()
            let label = self.label
            let (code, expires) = try databaseOptions.withStudy(environment) { study async throws(RegimenError) in
                try await StudyTables.call { () async throws(StudyDatabaseError) in
                    try await study.issueEnrolmentCode(label: label, now: now)
                }
            }
            print(Self.text(code: code, expires: expires, label: label))
        }
    }

    /// The lines that hand a code over.
    static func text(code: EnrolmentCode, expires: Date, label: String) -> String {
        "enrolment code for \(label): \(code)\n(works once, until \(ISODateTime(utc: expires).text); on the device: "
            + "regimen enroll \(code) --database URL)"
    }
}
