import ArgumentParser
import CareStore
import Foundation
import SystemPackage

/// `regimen health import EXPORT`: an Apple Health export into the participant's store, then the linked tasks'
/// outcomes from it (docs/health-export.md).
struct HealthImportCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an Apple Health export (export.zip or export.xml) into the store.",
        discussion: """
            The export is streamed, never unpacked: every sample with its source, device, dates, value, unit and \
            metadata; sleep stages; workouts with their events, activities, statistics and routes; correlations, each \
            member once. Importing the same export again changes nothing; a newer export replaces samples whose sync \
            identifier has a higher sync version, adds new ones, and marks those it no longer holds as deleted (kept). \
            A damaged or truncated file stores nothing (exit 65). Then every health-linked task of the survey folder \
            gets its outcomes from the data; one new to the store starts on the day of the earliest data it reads.
            """
    )

    @Argument(help: ArgumentHelp("export.zip as the Health app writes it, or its export.xml.", valueName: "export"))
    var export: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The zone days are counted in, for samples without their own (default: the last import's, else the participant's).",
            valueName: "zone"))
    var zone: String?

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        let path = environment.url(forPath: export).path
        try InputFile.require(FilePath(path))
        // A bad zone or survey folder is refused before anything is read or written.
        let requested = try ZoneOption.zone(zone, default: environment.timeZone)
        let catalog = try workspace.loadCatalog(surveys).catalog
        let storePath = workspace.storePath(storeOptions.store)
        let store = try storeCall { () throws(CareStoreError) in try CareStore(path: storePath) }
        let stored = try storeCall { () throws(CareStoreError) in try store.healthHomeZone() }
        let home = zone == nil ? try ZoneOption.zone(stored, default: requested) : requested
        let report = try HealthImportRun(store: store, environment: environment).run(path: path, home: home)
        let linked = try LinkedTaskDerivation(store: store, environment: environment).derive(catalog, home: home)
        print(HealthImportSummary(file: path, report: report, linked: linked).render())
    }
}
