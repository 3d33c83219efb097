import ArgumentParser
import CareStore
import Foundation
import RegimenCommands
import StudyDatabase
import StudySync

/// `regimen enroll CODE [--database URL] [--store PATH] [--new-device]`: binds this care store to the study
/// participant the one-time code was issued for, as a new device, then syncs (docs/study-sync.md, "Enrolment").
struct EnrollCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll",
        abstract: "Join a study on this device with the one-time code the study team gave you.",
        discussion: """
            The store must hold no answers yet (use --store NEW-FILE otherwise). The store keeps the database URL, \
            so `regimen sync` needs no options afterwards; a password in $PGPASSWORD is not kept. A store that is a \
            copy of another device's or a restored backup is enrolled again with a new code and --new-device.
            """
    )

    @Argument(help: ArgumentHelp("The enrolment code, e.g. 7K2QX-9M4TD-0PA3R-X5V8C.", valueName: "code"))
    var code: String

    @Flag(help: "Enrol this already enrolled store again as a new device of the same participant.")
    var newDevice = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func run() throws {
        try ErrorReporter.guarded {
            let environment = try StudyDatabaseOptions.environment()
            guard let code = EnrolmentCode(typed: self.code) else {
                throw RegimenError.usage("'\(self.code)' is not an enrolment code: it has 20 letters and digits, such as 7K2QX-9M4TD-0PA3R-X5V8C")
            }
            let workspace = Workspace(environment: environment)
            let path = workspace.storeURL(storeOptions.store).path
            let store = try storeCall { () throws(CareStoreError) in try CareStore(path: path) }
            let current = try storeCall { () throws(CareStoreError) in try store.studyEnrolment() }
            if let current, !newDevice {
                throw RegimenError.failure(
                    "this store is already enrolled as participant \(current.participantLabel) of study \(current.studyID); "
                        + "`regimen sync` synchronises it. A copy of another device's store, or a restored backup, is "
                        + "enrolled again with a new code and --new-device")
            }
            if current == nil {
                let answers = try storeCall { () throws(CareStoreError) in try store.outcomeVersionCount() }
                if answers > 0 { throw RegimenError.store(.enrolmentNeedsEmptyStore(outcomes: answers)) }
            }
            let urlText = databaseOptions.database ?? environment.variables[StudyDatabaseOptions.urlVariable]
                ?? current?.databaseURL
            let options = databaseOptions.with(database: urlText, study: current?.studyID)
            let now = environment.clock.now()
            let required = current?.participantID
            let (enrolment, report) = try options.withStudy(environment) { study async throws(RegimenError) in
                let device: DeviceEnrolment
                do throws(StudyDatabaseError) {
                    device = try await study.enrolDevice(code: code, now: now, requiring: required)
                } catch {
                    throw .study(error)
                }
                let enrolment = StudyEnrolment(
                    deviceID: device.deviceID, participantID: device.participant.id,
                    participantLabel: device.participant.label, studyID: device.studyID,
                    homeTimeZone: device.participant.timeZone.identifier, databaseURL: urlText ?? "", enrolledDate: now)
                try storeCall { () throws(CareStoreError) in try store.enrol(enrolment) }
                let report = try await Self.sync(StoreSync(store: store, study: study, deviceID: device.deviceID, now: now))
                return (enrolment, report)
            }
            print(
                "enrolled this store as a device of participant \(enrolment.participantLabel) in study "
                    + "\(enrolment.studyID) (home time zone \(enrolment.homeTimeZone))")
            print(SyncText.summary(report))
        }
    }

    /// Runs `sync`, its error in the commands' form.
    static func sync(_ sync: StoreSync) async throws(RegimenError) -> StoreSync.Report {
        do throws(StoreSyncError) {
            return try await sync.run()
        } catch {
            throw .sync(error)
        }
    }
}
