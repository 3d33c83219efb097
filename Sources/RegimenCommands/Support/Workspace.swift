import CareStore
package import Catalog
package import Foundation
package import OutcomeMapping
package import RegimenFoundation
import ResearchTasks
package import SystemPackage

/// What a command works with: the environment, the survey catalog and the extractors.
package struct Workspace {
    /// The process environment.
    package let environment: RegimenEnvironment
    /// The app the command is part of: its name (in messages) and its code-registered extractors.
    package let app: RegimenApp

    /// A workspace on `environment` for `app`.
    package init(environment: RegimenEnvironment, app: RegimenApp) {
        self.environment = environment
        self.app = app
    }

    /// The real environment, for `app`.
    static func live(_ app: RegimenApp) throws(RegimenError) -> Workspace {
        Workspace(environment: try RegimenEnvironment.live(), app: app)
    }

    /// A loaded, valid survey folder and where it came from.
    package struct LoadedCatalog {
        /// The surveys.
        package let catalog: Catalog
        /// Where they came from.
        package let source: SurveyLocation.Source
    }

    /// Loads and validates the survey folder picked by `--surveys`, `$REGIMEN_SURVEYS`, `./surveys` or the build.
    /// Each survey's texts are in the first of `languages` it has (BCP 47 lookup), else in its default language.
    package func loadCatalog(_ options: SurveyOptions, languages: [LanguageTag] = []) throws(RegimenError)
        -> LoadedCatalog
    {
        try loadCatalog(explicit: options.surveys, languages: languages)
    }

    /// Loads and validates the survey folder named explicitly, else the one the environment picks.
    func loadCatalog(explicit: String?, languages: [LanguageTag] = []) throws(RegimenError) -> LoadedCatalog {
        let (directory, source) = surveyLocation(explicit)
        if explicit != nil { try InputFile.require(directory) }
        return try loadCatalog(at: directory, source: source, languages: languages)
    }

    /// The survey folder named explicitly, else the one the environment picks, and which rule picked it.
    private func surveyLocation(_ explicit: String?) -> (path: FilePath, source: SurveyLocation.Source) {
        SurveyLocation.resolve(
            explicit: explicit, environment: environment.variables,
            currentDirectory: FilePath(environment.currentDirectory.path))
    }

    /// Loads and validates one survey folder.
    func loadCatalog(at directory: FilePath, source: SurveyLocation.Source, languages: [LanguageTag] = [])
        throws(RegimenError) -> LoadedCatalog
    {
        do {
            return LoadedCatalog(
                catalog: try Catalog.load(directory: directory, calendar: environment.calendar, languages: languages),
                source: source)
        } catch {
            throw .catalog(error)
        }
    }

    /// The catalog entry of a task, or a usage error listing the known tasks.
    func entry(_ task: String, in catalog: Catalog) throws(RegimenError) -> CatalogEntry {
        guard let entry = catalog.entry(forTask: task) else { throw .unknownTask(task, known: catalog.taskIdentifiers) }
        return entry
    }

    /// The entry of `task`, which must have steps: a Health-linked task is refused, `action` saying what was asked
    /// ("run", "replay", "export as a questionnaire").
    func entryWithSteps(_ task: String, in catalog: Catalog, action: String) throws(RegimenError) -> CatalogEntry {
        let entry = try entry(task, in: catalog)
        guard entry.healthLink == nil else { throw .healthLinkedTask(task, action: action) }
        return entry
    }

    /// Opens the care store named by `--store` (else `$REGIMEN_HOME/store.sqlite`) and makes it match the survey
    /// folder. The folder is parsed and synced only when its fingerprint differs from the one last synced, and the
    /// fingerprint is computed only when the folder's stat listing changed, so commands that only read the store (the
    /// care feed) start fast.
    func openStore(
        _ options: StoreOptions, surveys: SurveyOptions, catalog known: Catalog? = nil,
        connection: CareStore.Connection = .pooled
    ) throws(RegimenError) -> CareStore {
        try openStore(path: options.store, surveys: surveys.surveys, catalog: known, connection: connection)
    }

    /// Opens the care store at `path` (else `$REGIMEN_HOME/store.sqlite`) and makes it match the survey folder
    /// `surveys` (else the one the environment picks), parsing and syncing the folder only when it changed.
    func openStore(
        path: String?, surveys: String?, catalog known: Catalog? = nil, connection: CareStore.Connection = .pooled
    ) throws(RegimenError) -> CareStore {
        let storePath = storePath(path)
        let store = try storeCall { () throws(CareStoreError) in
            try CareStore(path: storePath, connection: connection)
        }
        // A read-only store is read as it is: bringing it in line with the survey folder would be a write.
        if store.isReadOnly { return store }
        let directory = known?.directory ?? surveyLocation(surveys).path
        if known == nil, surveys != nil { try InputFile.require(directory) }
        // The folder's stat listing first (no file read): when it is the one last synced, nothing changed. Otherwise
        // the contents' fingerprint decides whether the folder must be parsed and synced again.
        let zone = environment.timeZone.identifier
        let listing: String
        do {
            listing = try Catalog.listing(directory: directory) + zone
        } catch {
            throw .catalog(error)
        }
        let listingKey = "surveyListing"
        guard try storeCall({ () throws(CareStoreError) in try store.setting(listingKey) }) != listing else {
            return store
        }
        let fingerprint: String
        do {
            fingerprint = try Catalog.fingerprint(directory: directory) + " " + zone
        } catch {
            throw .catalog(error)
        }
        let key = "surveyFingerprint"
        if try storeCall({ () throws(CareStoreError) in try store.setting(key) }) != fingerprint {
            let catalog: Catalog
            if let known { catalog = known } else { catalog = try loadCatalog(explicit: surveys).catalog }
            try CareSync(store: store, environment: environment).sync(catalog)
            try TaskTitleTranslations.record(catalog, in: store)
            try ConsentDocumentList(catalog).record(in: store)
            try FeedPresentation.record(catalog, in: store)
            try storeCall { () throws(CareStoreError) in try store.setSetting(key, to: fingerprint) }
        }
        try storeCall { () throws(CareStoreError) in try store.setSetting(listingKey, to: listing) }
        return store
    }

    /// The care store file: `--store PATH` (relative to the working directory), else `$REGIMEN_HOME/store.sqlite`.
    package func storePath(_ path: String?) -> FilePath {
        FilePath(
            path.map { environment.url(forPath: $0) }?.path
                ?? environment.home.appendingPathComponent("store.sqlite").path)
    }

    /// Extractors: the survey files' declarative ones, then the app's code-registered ones (which win).
    package func extractors(for catalog: Catalog) -> ExtractorRegistry {
        var registry = ExtractorRegistry(catalog.entries.compactMap(\.declarativeExtractor))
        for extractor in app.extractors { registry.register(extractor) }
        return registry
    }

    /// Reads a result file named on the command line.
    func readResult(_ path: String) throws(RegimenError) -> (url: URL, result: TaskResult) {
        let url = environment.url(forPath: path)
        try InputFile.require(FilePath(url.path))
        do {
            return (url, try ResultFiles.read(FilePath(url.path)))
        } catch {
            throw .resultFile(error)
        }
    }
}
