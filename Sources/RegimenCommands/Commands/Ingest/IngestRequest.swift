import CareStore
import Catalog
import Foundation
import ResearchTasks
import SystemPackage

/// What `regimen ingest` was asked for: the result files and folders, `--task`, `--tz`, `--start`, `--surveys` and
/// `--store` (nil: not given).
struct IngestRequest: Equatable, Sendable {
    var paths: [String]
    var task: String? = nil
    var tz: String? = nil
    var start: String? = nil
    var surveys: String? = nil
    var store: String? = nil

    /// Ingests the files and prints the summary; files that were rejected make it throw once the rest are stored.
    func run(in app: RegimenApp) throws(RegimenError) {
        var workspace = try Workspace.live(app)
        if tz != nil {
            var environment = workspace.environment
            environment.timeZone = try ZoneOption.zone(tz, default: environment.timeZone)
            workspace = Workspace(environment: environment, app: app)
        }
        let environment = workspace.environment
        let storePath = workspace.storePath(store)
        // The store opens on another thread while the surveys load and the folders are walked. A new one (staged:
        // created, migrated and filled unseen) starts at once, and is dropped, its hidden file removed, when the
        // surveys or options turn out bad; an existing one only once they are known good, so a bad survey never
        // waits for, or migrates, the store it will not use. The folders are walked on a third thread meanwhile,
        // their reading order worked out there for a new store (`IngestRun` reads it in that order).
        let early = FileManager.default.fileExists(atPath: storePath.string) ? nil : StoreOpening(path: storePath)
        let listing = IngestListing(paths, environment: environment, readingOrder: early != nil)
        let startDay: Date?
        let catalog: Catalog
        do {
            startDay = try start.map { text throws(RegimenError) in
                try DayOption.parse(text, calendar: environment.calendar, now: environment.clock.now())
            }
            catalog = try workspace.loadCatalog(explicit: surveys).catalog
            if let task { _ = try workspace.entry(task, in: catalog) }
        } catch {
            early?.abandon()
            throw error
        }
        let opening = early ?? StoreOpening(path: storePath)
        // Made while the folders are walked: the surveys' checks and extractors are ready when the files are.
        var preparer = IngestRun.preparer(workspace: workspace, catalog: catalog, task: task)
        let found = listing.found()
        let (files, missing) = (found.files, found.missing)
        var run: IngestRun
        if let early {
            // A new store is created and migrated while the files are read: the run waits for it at its first batch.
            // It is filled while the files are read, no one seeing it until it is published, and made afresh should
            // they turn out not to come in the order their results are stored (docs/performance.md, "Storing while
            // reading"); if another command created the store meanwhile (the opening then opens that one, and the run
            // stores nothing before every file is read), it is ingested into, as below.
            run = IngestRun(
                workspace: workspace, catalog: catalog, opening: early, task: task, start: startDay, preparer: preparer)
            run.restage = { () throws(CareStoreError) in try CareStore(path: storePath, connection: .staged) }
        } else {
            // An existing store opens at once, and a problem with it is told before anything is read.
            let opened = try storeCall { () throws(CareStoreError) in try opening.store() }
            // A withdrawal stops new answers (docs/consent.md, "Withdrawal"); a new store holds none.
            if case .withdrawn(_, let date) = try ConsentGate.standing(ConsentDocumentList(catalog), store: opened) {
                preparer.consentWithdrawn = date
            }
            run = IngestRun(
                workspace: workspace, catalog: catalog, store: opened, task: task, start: startDay, preparer: preparer)
        }
        let filled = try run.run(files: files, missing: missing)
        var summary = filled.summary
        do throws(CareStoreError) {
            try filled.store.publish()
        } catch .createdMeanwhile {
            // Another command created the store while this one filled a new one: ingest into theirs instead.
            let theirs = try storeCall { () throws(CareStoreError) in try CareStore(path: storePath) }
            summary = try run.into(theirs).run(files: files, missing: missing).summary
        } catch {
            throw RegimenError.store(error)
        }
        print(summary.render())
        // A named path that names nothing is the one missing-input error (exit 66); the others were ingested.
        let named = Set(paths.map { environment.url(forPath: $0).path })
        if let gone = missing.first(where: { named.contains($0.file) && $0.problem == ErrorReporter.noSuchFile }) {
            throw RegimenError.missingFile(path: FilePath(gone.file))
        }
        if !summary.rejected.isEmpty {
            throw RegimenError.badData(
                "\(summary.rejected.count) of \(Plural.count(summary.files, "file")) "
                    + "\(Plural.word(summary.rejected.count, "was", "were")) rejected")
        }
    }
}
