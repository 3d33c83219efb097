import ArgumentParser
import CareStore
import Catalog
import Foundation
import ResearchTasks

/// `regimen ingest PATH…`: store recorded result files idempotently (sync identifier + version, like HealthKit).
struct IngestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Store the outcomes of recorded result files; ingesting a file again changes nothing.",
        discussion: """
            Each file (folders are searched for *.json) is decoded — Regimen's and ResearchKit's JSON — and its outcome \
            goes to the event of its task on the day its run ended, in the participant's time zone. A result's \
            userInfo may carry "syncIdentifier" (default: its task run UUID) and "syncVersion" (default 1): the same \
            identifier with a higher version replaces the stored outcome, an equal or lower one is ignored. When two \
            runs fall on one event, the one that ended later holds it; the other is kept as superseded. \
            A store that does not hold a task yet starts its schedule on the day of the earliest result (or --start). \
            Exits 65 when any file was rejected; the others are stored all the same.
            """
    )

    @Argument(help: ArgumentHelp("Result files, or folders searched recursively for *.json.", valueName: "path"))
    var paths: [String]

    @Option(name: .long, help: "Take every file to be a result of this task.")
    var task: String?

    @Option(name: .long, help: ArgumentHelp("The participant's time zone (default: the local one).", valueName: "zone"))
    var tz: String?

    @Option(name: .long, help: ArgumentHelp(
        "The day tasks new to the store start on (YYYY-MM-DD; default: the day of the earliest result).", valueName: "day"))
    var start: String?

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name at least one result file or folder") }
    }

    func run() throws {
        try ErrorReporter.guarded {
            var workspace = try Workspace.live()
            if tz != nil {
                var environment = workspace.environment
                environment.timeZone = try ZoneOption.zone(tz, default: environment.timeZone)
                workspace = Workspace(environment: environment)
            }
            let environment = workspace.environment
            let url = workspace.storeURL(storeOptions.store)
            // The store opens on another thread while the surveys load and the folders are walked. A new one (staged:
            // created, migrated and filled unseen) starts at once, and is dropped, its hidden file removed, when the
            // surveys or options turn out bad; an existing one only once they are known good, so a bad survey never
            // waits for, or migrates, the store it will not use.
            let early = FileManager.default.fileExists(atPath: url.path) ? nil : StoreOpening(path: url.path)
            let startDay: Date?
            let catalog: Catalog
            do {
                startDay = try start.map { text throws(RegimenError) in
                    try DayOption.parse(text, calendar: environment.calendar, now: environment.clock.now())
                }
                catalog = try workspace.loadCatalog(surveys).catalog
                if let task { _ = try workspace.entry(task, in: catalog) }
            } catch {
                early?.abandon()
                throw error
            }
            let opening = early ?? StoreOpening(path: url.path)
            // Only the compact list outlives this line (`IngestFiles`): the walk's strings are let go at once.
            let (files, missing) = { () -> (IngestFiles, [IngestRejection]) in
                let found = IngestFileList.collect(paths, environment: environment)
                return (IngestFiles(found.files), found.missing)
            }()
            let opened = try storeCall { () throws(CareStoreError) in try opening.store() }
            var run = IngestRun(workspace: workspace, catalog: catalog, store: opened, task: task, start: startDay)
            if opened.isStaged {
                // A new store, which no one sees until it is published, is filled while the files are read, and made
                // afresh should they turn out not to come in the order their results are stored (docs/performance.md,
                // "Storing while reading"); if another command created the store meanwhile, that one is opened and
                // ingested into, as below.
                run.restage = { () throws(CareStoreError) in try CareStore(path: url.path, connection: .staged) }
            }
            let filled = try run.run(files: files, missing: missing)
            var summary = filled.summary
            do throws(CareStoreError) {
                try filled.store.publish()
            } catch .createdMeanwhile {
                // Another command created the store while this one filled a new one: ingest into theirs instead.
                let theirs = try storeCall { () throws(CareStoreError) in try CareStore(path: url.path) }
                summary = try run.into(theirs).run(files: files, missing: missing).summary
            } catch {
                throw RegimenError.store(error)
            }
            print(summary.render())
            // A named path that names nothing is the one missing-input error (exit 66); the others were ingested.
            let named = Set(paths.map { environment.url(forPath: $0).path })
            if let gone = missing.first(where: { named.contains($0.file) && $0.problem == ErrorReporter.noSuchFile }) {
                throw RegimenError.missingFile(path: gone.file)
            }
            if !summary.rejected.isEmpty {
                throw RegimenError.badData(
                    "\(summary.rejected.count) of \(Plural.count(summary.files, "file")) "
                        + "\(Plural.word(summary.rejected.count, "was", "were")) rejected")
            }
        }
    }
}
