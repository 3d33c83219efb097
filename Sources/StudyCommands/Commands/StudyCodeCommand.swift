import ArgumentParser
import CareStore
import Foundation
import RegimenCommands
import RegimenFoundation
import ResearchTasks
import StudyDatabase
import StudySync
import SystemPackage

/// `regimen study code LABEL`: a new one-time enrollment code for one more device of a participant
/// (docs/study-sync.md, "Enrollment").
struct StudyCodeCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Issue a one-time code that enrolls one device of a participant (regimen enroll CODE on it).",
        discussion: """
            Each code works once, for 14 days. Only its digest is stored: print it for the participant now. For a \
            device that never reaches the database, --bundle FILE enrolls a new device at once and writes its \
            enrollment bundle (the participant's study data, to carry over; regimen enroll --bundle FILE on the device).
            """
    )

    @Argument(help: ArgumentHelp("The participant's label.", valueName: "label"))
    var label: String

    @Option(
        help: ArgumentHelp(
            "Write an enrollment bundle for a device without network access to this new file.", valueName: "file"))
    var bundle: String?

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let now = environment.clock.now()
        let label = self.label
        if let bundle {
            let url = environment.url(forPath: bundle)
            let (device, page) = try await databaseOptions.withStudy(environment) {
                study async throws(RegimenError) in
                try await StudyTables.call { () async throws(StudyDatabaseError) in
                    try await study.enrollDeviceForBundle(label: label)
                }
            }
            let enrollment = StudyEnrollment(
                deviceID: device.deviceID, participantID: device.participant.id,
                participantLabel: device.participant.label,
                studyID: device.studyID, homeTimeZone: device.participant.timeZone.identifier, databaseURL: "",
                enrolledDate: now)
            let bytes: Data
            do throws(SyncBundleError) {
                bytes = try EnrollmentBundle(
                    enrollment: enrollment, participantEnrolledDate: device.participant.enrolledAt, page: page
                ).encoded()
            } catch {
                throw RegimenError.sync(error, file: url.path)
            }
            try PrivateFiles.createNew(FilePath(url.path), bytes: bytes)
            print(SyncText.enrollmentBundleWritten(enrollment, page: page, path: bundle))
            return
        }
        let (code, expires) = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            try await StudyTables.call { () async throws(StudyDatabaseError) in
                try await study.issueEnrollmentCode(label: label)
            }
        }
        print(Self.text(code: code, expires: expires, label: label))
    }

    /// The lines that hand a code over.
    static func text(code: EnrollmentCode, expires: Date, label: String) -> String {
        "enrollment code for \(label): \(code)\n(works once, until \(ISODateTime(utc: expires).text); on the device: "
            + "regimen enroll \(code) --server URL)"
    }
}
