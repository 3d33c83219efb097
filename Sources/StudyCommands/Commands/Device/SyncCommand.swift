import ArgumentParser
import CareModel
import CareStore
import Foundation
import RegimenCommands
import RegimenFoundation
import ResearchTasks
import StudyDatabase
import StudySync
import SystemPackage

/// `regimen sync [status]`: exchanges this enrolled store's data with the study database, or says where it stands
/// (docs/study-sync.md).
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send your answers to the study and get its updates (regimen sync status: what is waiting).",
        subcommands: [SyncRunCommand.self, SyncStatusCommand.self],
        defaultSubcommand: SyncRunCommand.self
    )
}

/// `regimen sync`: push, then pull.
struct SyncRunCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Send what the study has not received, then get what is new.",
        discussion: """
            Safe to interrupt and to run again at any time: nothing is sent or stored twice. The study service is the \
            one the store was enrolled with, unless --server names another address for it; the device's token is \
            read from beside the store (STORE.device-token).
            """
    )

    @Option(
        help: ArgumentHelp(
            "Write what would be sent to this new file instead of connecting (for a site without network access; "
                + "regimen study import FILE sends it).", valueName: "file"))
    var bundle: String?

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var serviceOptions: ServiceOptions

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let (store, enrollment) = try SyncText.enrolledStore(
            storeOptions, Workspace(environment: environment, app: app))
        if let bundle {
            let url = environment.url(forPath: bundle)
            let (changes, outboxEnd): ([DeviceChange], Int64)
            do throws(StoreSyncError) {
                (changes, outboxEnd) = try StoreSync.unacknowledged(in: store)
            } catch {
                throw RegimenError.sync(error)
            }
            let bytes: Data
            do throws(SyncBundleError) {
                bytes = try SyncBundle(
                    enrollment: enrollment, changes: changes, outboxEnd: outboxEnd, now: environment.clock.now()
                )
                .encoded()
            } catch {
                throw RegimenError.sync(error, file: url.path)
            }
            try PrivateFiles.createNew(FilePath(url.path), bytes: bytes)
            // The data left the device: the feed's reminder counts from here.
            let now = environment.clock.now()
            try storeCall { () throws(CareStoreError) in try store.recordSync(at: now, clockOffset: nil) }
            print(SyncText.bundleWritten(changes.count, path: bundle))
            return
        }
        let server: String
        do throws(RegimenError) {
            server = try serviceOptions.serverText(environment, stored: enrollment.databaseURL)
        } catch {
            throw RegimenError.usage(
                "this store knows no study service (it was enrolled from a bundle): pass --server https://HOST[:PORT], "
                    + "or write what waits to be sent to a file with --bundle FILE")
        }
        let storePath = Workspace(environment: environment, app: app).storePath(storeOptions.store).string
        let credential = try DeviceCredentialFile.read(besideStore: storePath, device: enrollment.deviceID)
        let caFile = serviceOptions.caFile.map { environment.url(forPath: $0).path } ?? credential.caFile
        let report = try await EnrollCommand.sync(
            store, server: server, token: credential.token, caFile: caFile, now: environment.clock.now())
        print(SyncText.summary(report))
        if let warning = SyncText.clockWarning(report.clockOffset) { print(warning) }
    }
}

/// `regimen sync status`: what waits to be sent and when the store last synced; reads the store only.
struct SyncStatusCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Say what waits to be sent and when this store last synced (no network).")

    @OptionGroup var storeOptions: StoreOptions

    func run(in app: RegimenApp) throws {
        let environment = try StudyDatabaseOptions.environment()
        let (store, enrollment) = try SyncText.enrolledStore(
            storeOptions, Workspace(environment: environment, app: app))
        let waiting = try storeCall { () throws(CareStoreError) in try store.unpushedChangeCount() }
        print(
            SyncText.status(
                enrollment, waiting: waiting, now: environment.clock.now(), calendar: environment.calendar))
    }
}
