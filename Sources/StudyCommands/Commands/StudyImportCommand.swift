import ArgumentParser
import CareModel
import Foundation
import RegimenCommands
import StudyDatabase
import StudySync
import SystemPackage

/// `regimen study import FILE…`: applies sync bundles written by `regimen sync --bundle` on devices without network
/// access, each exactly as that device's push would (docs/study-sync.md, "Offline sites").
struct StudyImportCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Apply sync bundles written offline by regimen sync --bundle, as the devices' own pushes would.",
        discussion: """
            A bundle applied twice, or after the device synced itself, changes nothing more. A bundle from a copied \
            or restored store is refused like its push would be. Every bundle is read and checked first, then each is \
            applied in the order given and reported as it is stored; the device's clock is not measured by an import.
            """
    )

    @Argument(help: ArgumentHelp("The bundle files.", valueName: "file"))
    var files: [String]

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        var bundles: [(path: String, bundle: SyncBundle, changes: [DeviceChange])] = []
        for file in files {
            let bytes = try InputFile.bytes(FilePath(environment.url(forPath: file).path))
            do throws(SyncBundleError) {
                let bundle = try SyncBundle.decode(Data(bytes))
                bundles.append((file, bundle, try bundle.deviceChanges()))
            } catch {
                throw RegimenError.sync(error, file: file)
            }
        }
        let loaded = bundles
        try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            // Every bundle is checked before the first is imported.
            for (path, bundle, _) in loaded where bundle.study != study.studyID {
                throw .badData(
                    "\(path): study: the bundle is of study \(bundle.study), not \(study.studyID); nothing was imported"
                )
            }
            for (path, bundle, changes) in loaded {
                var report = StoreSync.Report()
                // Pages of 500 changes, each a push of its own, as the device's sync sends them.
                for start in stride(from: 0, to: max(changes.count, 1), by: 500) {
                    let page = Array(changes[start..<min(changes.count, start + 500)])
                    let pushed: PushReport
                    do throws(StudyDatabaseError) {
                        pushed = try await study.push(
                            page, deviceID: bundle.device, outboxEnd: bundle.outboxEnd, deviceNow: nil,
                            audit: .command("import"))
                    } catch {
                        throw .study(error)
                    }
                    report.pushed += pushed.applied
                    report.conflicts += pushed.conflicts
                }
                print(SyncText.imported(path, bundle, report: report))
            }
        }
    }
}
