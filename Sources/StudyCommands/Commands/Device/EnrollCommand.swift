import ArgumentParser
import CareModel
import CareStore
import Foundation
import RegimenCommands
import ResearchTasks
import StudyAPI
import StudyClient
import StudyDatabase
import StudySync
import SystemPackage

/// `regimen enroll CODE --server URL [--ca-file PEM] [--store PATH] [--new-device]`: binds this care store, through
/// the study service, to the participant the one-time code was issued for, as a new device with a token of its own,
/// then syncs (docs/study-sync.md, "Enrollment"; docs/study-service.md); `regimen enroll --bundle FILE` does the same
/// offline from an enrollment bundle ("Offline sites").
struct EnrollCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll",
        abstract: "Join a study on this device with the one-time code the study team gave you.",
        discussion: """
            The store must hold no answers yet (use --store NEW-FILE otherwise). The store keeps the service's \
            address, and the device's token is kept beside it (STORE.device-token, readable by you only), so \
            `regimen sync` needs no options afterwards. A store that is a copy of another device's or a restored \
            backup is enrolled again with a new code and --new-device.
            """
    )

    @Argument(help: ArgumentHelp("The enrollment code, e.g. 7K2QX-9M4TD-0PA3R-X5V8C.", valueName: "code"))
    var code: String?

    @Option(
        help: ArgumentHelp(
            "Enroll from an enrollment bundle (regimen study code LABEL --bundle FILE) instead of a code: no network.",
            valueName: "file"))
    var bundle: String?

    @Flag(help: "Enroll this already enrolled store again as a new device of the same participant.")
    var newDevice = false

    @Option(
        help: ArgumentHelp(
            "The participant's language, kept in the store for later runs (default: REGIMEN_LANGUAGE, else the locale).",
            valueName: "tag"))
    var language: String?

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var serviceOptions: ServiceOptions

    func validate() throws {
        guard (code == nil) != (bundle == nil) else {
            throw ValidationError("give either the enrollment code or --bundle FILE")
        }
    }

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let workspace = Workspace(environment: environment, app: app)
        // Read before the code is used, so a bad --language spends no code (docs/languages.md).
        let language = try environment.participantLanguages(option: self.language).first
        let storePath = workspace.storePath(storeOptions.store)
        let store = try storeCall { () throws(CareStoreError) in try CareStore(path: storePath) }
        let current = try storeCall { () throws(CareStoreError) in try store.studyEnrollment() }
        if let current, !newDevice {
            throw RegimenError.failure(
                "this store is already enrolled as participant \(current.participantLabel) of study \(current.studyID); "
                    + "`regimen sync` synchronizes it. A copy of another device's store, or a restored backup, is "
                    + "enrolled again with a new code and --new-device")
        }
        if current == nil {
            let answers = try storeCall { () throws(CareStoreError) in try store.outcomeVersionCount() }
            if answers > 0 { throw RegimenError.store(.enrollmentNeedsEmptyStore(outcomes: answers)) }
        }
        if let bundle {
            try Self.enroll(
                store, fromBundle: environment.url(forPath: bundle), named: bundle, now: environment.clock.now())
            try EnrolledLanguage.record(language, in: store)
            return
        }
        guard let typed = self.code, let code = EnrollmentCode(typed: typed) else {
            throw RegimenError.usage(
                "'\(self.code ?? "")' is not an enrollment code: it has 20 letters and digits, such as 7K2QX-9M4TD-0PA3R-X5V8C"
            )
        }
        let server = try serviceOptions.serverText(environment, stored: current?.databaseURL)
        let caFile = serviceOptions.caFile.map { environment.url(forPath: $0).path }
        if let caFile { try InputFile.require(FilePath(caFile)) }
        let now = environment.clock.now()
        let required = current?.participantID
        let client = try Self.client(server: server, token: nil, caFile: caFile)
        let answer: EnrollmentResponse
        do throws(StudyClientError) {
            answer = try await client.enroll(code: code.description, participantID: required)
            await client.shutdown()
        } catch {
            await client.shutdown()
            throw RegimenError.reported(error)
        }
        let normalized = (try? ServerURL.normalized(server)) ?? server
        try DeviceCredentialFile(device: answer.device, token: answer.token, caFile: caFile).write(
            besideStore: storePath.string)
        let enrollment = StudyEnrollment(
            deviceID: answer.device, participantID: answer.participantID, participantLabel: answer.participant,
            studyID: answer.study, homeTimeZone: answer.homeTimeZone, databaseURL: normalized, enrolledDate: now)
        try storeCall { () throws(CareStoreError) in
            try store.enroll(enrollment, participantEnrolledAt: answer.participantEnrolledDate)
        }
        try EnrolledLanguage.record(language, in: store)
        print(
            "enrolled this store as a device of participant \(enrollment.participantLabel) in study "
                + "\(enrollment.studyID) (home time zone \(enrollment.homeTimeZone))")
        let report = try await Self.sync(store, server: normalized, token: answer.token, caFile: caFile, now: now)
        print(SyncText.summary(report))
    }

    /// Enrolls `store` from the enrollment bundle at `url` (`named` as typed) at `now`, in one store transaction,
    /// offline.
    static func enroll(_ store: CareStore, fromBundle url: URL, named: String, now: Date) throws(RegimenError) {
        let bytes = try InputFile.bytes(FilePath(url.path))
        let bundle: EnrollmentBundle
        let page: PullPage
        do throws(SyncBundleError) {
            bundle = try EnrollmentBundle.decode(Data(bytes))
            page = try bundle.page()
        } catch {
            throw .sync(error, file: named)
        }
        try storeCall { () throws(CareStoreError) in
            try store.enroll(
                bundle.enrollment(at: now), participantEnrolledAt: bundle.participantEnrolledDate, applying: page)
        }
        print(
            "enrolled this store from \(named) as a device of participant \(bundle.participant) in study \(bundle.study) "
                + "(home time zone \(bundle.homeTimeZone)): \(bundle.taskVersions.count) task version"
                + "\(bundle.taskVersions.count == 1 ? "" : "s") and \(bundle.outcomes.count) answer\(bundle.outcomes.count == 1 ? "" : "s"); "
                + "regimen sync --bundle FILE carries its answers back")
    }

    /// Syncs `store` through the service at `server` with the device's `token` at `now`.
    static func sync(
        _ store: CareStore, server: String, token: String, caFile: String?, now: Date
    ) async throws(RegimenError) -> StoreSync.Report {
        let client = try client(server: server, token: token, caFile: caFile)
        do throws(StoreSyncError) {
            let report = try await StoreSync(store: store, study: ServiceRemote(client: client), now: now).run()
            await client.shutdown()
            return report
        } catch {
            await client.shutdown()
            throw .sync(error)
        }
    }

    /// A client of the service at `server`, its setup's error in the commands' form.
    static func client(server: String, token: String?, caFile: String?) throws(RegimenError) -> StudyServiceClient {
        do throws(StudyClientError) {
            return try StudyServiceClient.make(server: server, token: token, caFile: caFile)
        } catch {
            throw .reported(error)
        }
    }
}
