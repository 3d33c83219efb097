import ArgumentParser
import CareModel
import CareStore
import Foundation
import RegimenCommands
import StudyDatabase
import StudySync

/// `regimen enroll CODE [--database URL] [--store PATH] [--new-device]`: binds this care store to the study
/// participant the one-time code was issued for, as a new device, then syncs (docs/study-sync.md, "Enrolment");
/// `regimen enroll --bundle FILE` does the same offline from an enrolment bundle ("Offline sites").
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
    var code: String?

    @Option(
        help: ArgumentHelp(
            "Enrol from an enrolment bundle (regimen study code LABEL --bundle FILE) instead of a code: no network.",
            valueName: "file"))
    var bundle: String?

    @Flag(help: "Enrol this already enrolled store again as a new device of the same participant.")
    var newDevice = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func validate() throws {
        guard (code == nil) != (bundle == nil) else {
            throw ValidationError("give either the enrolment code or --bundle FILE")
        }
    }

    func run() throws {
        try ErrorReporter.guarded {
            let environment = try StudyDatabaseOptions.environment()
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
            if let bundle {
                try Self.enrol(store, fromBundle: environment.url(forPath: bundle), named: bundle, now: environment.clock.now())
                return
            }
            guard let typed = self.code, let code = EnrolmentCode(typed: typed) else {
                throw RegimenError.usage("'\(self.code ?? "")' is not an enrolment code: it has 20 letters and digits, such as 7K2QX-9M4TD-0PA3R-X5V8C")
            }
            let urlText = databaseOptions.urlText(environment, stored: current?.databaseURL)
            let options = databaseOptions.with(database: urlText, study: current?.studyID)
            let now = environment.clock.now()
            let required = current?.participantID
            let (enrolment, report) = try options.withStudy(environment) { study async throws(RegimenError) in
                let device: DeviceEnrolment
                do throws(StudyDatabaseError) {
                    device = try await study.enrolDevice(code: code, requiring: required)
                } catch {
                    throw .study(error)
                }
                let enrolment = StudyEnrolment(
                    deviceID: device.deviceID, participantID: device.participant.id,
                    participantLabel: device.participant.label, studyID: device.studyID,
                    homeTimeZone: device.participant.timeZone.identifier,
                    // Kept without its password: the store is copied and backed up with the participant's files.
                    databaseURL: study.connection.url.textWithoutPassword, enrolledDate: now)
                let participantEnrolled = device.participant.enrolledAt
                try storeCall { () throws(CareStoreError) in try store.enrol(enrolment, participantEnrolledAt: participantEnrolled) }
                let report = try await Self.sync(StoreSync(store: store, study: study, deviceID: device.deviceID, now: now))
                return (enrolment, report)
            }
            print(
                "enrolled this store as a device of participant \(enrolment.participantLabel) in study "
                    + "\(enrolment.studyID) (home time zone \(enrolment.homeTimeZone))")
            print(SyncText.summary(report))
        }
    }

    /// Enrols `store` from the enrolment bundle at `url` (`named` as typed) at `now`, in one store transaction, offline.
    static func enrol(_ store: CareStore, fromBundle url: URL, named: String, now: Date) throws(RegimenError) {
        let bytes = try InputFile.bytes(url.path)
        let bundle: EnrolmentBundle
        let page: PullPage
        do throws(SyncBundleError) {
            bundle = try EnrolmentBundle.decode(Data(bytes))
            page = try bundle.page()
        } catch {
            throw .sync(error, file: named)
        }
        try storeCall { () throws(CareStoreError) in
            try store.enrol(bundle.enrolment(at: now), participantEnrolledAt: bundle.participantEnrolledDate, applying: page)
        }
        print(
            "enrolled this store from \(named) as a device of participant \(bundle.participant) in study \(bundle.study) "
                + "(home time zone \(bundle.homeTimeZone)): \(bundle.taskVersions.count) task version"
                + "\(bundle.taskVersions.count == 1 ? "" : "s") and \(bundle.outcomes.count) answer\(bundle.outcomes.count == 1 ? "" : "s"); "
                + "regimen sync --bundle FILE carries its answers back")
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
