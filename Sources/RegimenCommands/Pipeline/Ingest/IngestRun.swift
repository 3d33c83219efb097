import CareModel
import CareStore
import Catalog
import Foundation
import OutcomeMapping
import RegimenFoundation
import ResearchTasks

/// `regimen ingest`: read and extract every file on all cores, get the store's tasks ready, then store the results
/// in batches — each batch one transaction, so a kill loses at most the batch in flight (re-ingested next time) and a
/// bad file never leaves anything behind. A new store is filled unseen and appears whole at the end, or not at all
/// (docs/store-file.md, "A new store is created whole").
///
/// Results are stored in order of task, then run end, then file (`IngestFiles` order): that order decides which
/// version of a result is stored and which of two runs holds an event. Into a new store (`restage`), batches are
/// stored while the later files are still being read, as long as the results come in that order (docs/performance.md,
/// "Storing while reading"). When one does not after a batch was stored, the new store is dropped and the ingest
/// starts again in a fresh one, reading every file before storing.
struct IngestRun {
    let workspace: Workspace
    let catalog: Catalog
    /// The store, or its opening on another thread: reading starts before a new store is created and migrated, which
    /// is waited for when the first batch is stored (or at once, should the opening fail).
    private var storeSource: StoreSource
    private enum StoreSource {
        case opened(CareStore)
        case opening(StoreOpening)
    }
    /// `--task`.
    let task: String?
    /// `--start`: the day new tasks start on (default: the day of the earliest result).
    let start: Date?
    /// For a store no one sees before the ingest ends (a new one): makes a fresh one to start again in (or opens the
    /// store another command created at the path meanwhile, which is then ingested into as if found there, every file
    /// read first). Set, batches are stored while later files are read; nil, every file is read before the first
    /// batch is stored.
    var restage: (() throws(CareStoreError) -> CareStore)?
    /// Files per write transaction: small enough that a batch's rows and the store's page cache stay a few MiB, large
    /// enough that committing into a store with a write-ahead log costs little (1,000 were 6% slower).
    var batchSize = 2_000
    /// Files per batch stored while reading (a new store, whose commits no one sees): a smaller batch holds less while
    /// the files are read and is stored sooner; 1,000 were as fast as 2,000 and held 1.2 MiB less (docs/performance.md,
    /// "Storing while reading").
    var streamedBatchSize = 1_000
    /// Files a reading thread takes at a time.
    var chunkSize = 64
    /// Reads and extracts each file; made with the run, or before it while the folders are still walked.
    let preparer: IngestPreparer

    /// A run into `store`; `preparer` when made already (`preparer(workspace:catalog:task:)`).
    init(
        workspace: Workspace, catalog: Catalog, store: CareStore, task: String?, start: Date?,
        preparer: IngestPreparer? = nil
    ) {
        self.init(
            workspace: workspace, catalog: catalog, source: .opened(store), task: task, start: start, preparer: preparer
        )
    }

    /// A run into the new store `opening` opens, read into before it is open. Should the store turn out not to be new
    /// (another command created it meanwhile), nothing is stored before every file is read, whatever `restage` says.
    init(
        workspace: Workspace, catalog: Catalog, opening: StoreOpening, task: String?, start: Date?,
        preparer: IngestPreparer? = nil
    ) {
        self.init(
            workspace: workspace, catalog: catalog, source: .opening(opening), task: task, start: start,
            preparer: preparer)
    }

    private init(
        workspace: Workspace, catalog: Catalog, source: StoreSource, task: String?, start: Date?,
        preparer: IngestPreparer?
    ) {
        self.workspace = workspace
        self.catalog = catalog
        storeSource = source
        self.task = task
        self.start = start
        self.preparer = preparer ?? Self.preparer(workspace: workspace, catalog: catalog, task: task)
    }

    /// The store (waits for its opening).
    private func openedStore() throws(RegimenError) -> CareStore {
        switch storeSource {
        case .opened(let store): store
        case .opening(let opening): try storeCall { () throws(CareStoreError) in try opening.store() }
        }
    }

    /// The preparer a run of `catalog`'s surveys reads with: its extractors, the participant's calendar, the checks
    /// of answers and dates as of now.
    static func preparer(workspace: Workspace, catalog: Catalog, task: String?) -> IngestPreparer {
        let environment = workspace.environment
        return IngestPreparer(
            catalog: catalog, extractors: workspace.extractors(for: catalog), calendar: environment.calendar,
            task: task,
            checks: ResultChecks(catalog: catalog, calendar: environment.calendar, now: environment.clock.now()),
            app: workspace.app)
    }

    private var environment: RegimenEnvironment { workspace.environment }

    /// The same ingest into `other`, every file read before the first batch is stored (no `restage`).
    func into(_ other: CareStore) -> IngestRun {
        var copy = self
        copy.storeSource = .opened(other)
        copy.restage = nil
        return copy
    }

    /// The order to read `files` in when their results may be stored as they are read: by name as numbered
    /// (`IngestFiles.readingOrder`), each folder's files the other way round when the first folder's are numbered
    /// newest first, which its first and last file tell (the last one's result is stored before the first one's: by
    /// task, then run end). A wrong guess costs only time: results that do not come in the order of storing are
    /// sorted all the same (docs/performance.md, "Storing while reading").
    static func readingOrder(of files: IngestFiles, preparer: IngestPreparer) -> [Int] {
        let order = files.readingOrder()
        let span = files.firstFolderSpan(of: order)
        guard span.count > 1 else { return order }
        let reading = IngestReading(regularFilesOnly: files.regularFilesOnly)
        guard
            case .ready(let first, _, _) = preparer.prepare(
                files.path(at: order[span.first!]), reading: reading, keepingPath: false),
            case .ready(let last, _, _) = preparer.prepare(
                files.path(at: order[span.last!]), reading: reading, keepingPath: false),
            (last.taskID, last.runEndDate) < (first.taskID, first.runEndDate)
        else { return order }
        return files.reversedInFolders(order)
    }

    /// Ingests `files`; `missing` are paths already known to name nothing. Returns what it did and the store it filled:
    /// its own, or the fresh one it started again in.
    func run(files: IngestFiles, missing: [IngestRejection]) throws(RegimenError) -> (
        summary: IngestSummary, store: CareStore
    ) {
        var summary = IngestSummary()
        let progress = ProgressBar(label: "reading", total: files.count, enabled: environment.stderrIsTerminal)
        defer { progress.finish() }
        // Captured alone by the reading threads' closure (not the whole run).
        let preparer = self.preparer
        // Ready results come without their paths; `files` names each again when its batch is stored. Read in the
        // order of their names as numbered (or the other way round when numbered newest first) only when that lets
        // them be stored as read; sorted anyway otherwise.
        let order = restage == nil ? Array(0..<files.count) : Self.readingOrder(of: files, preparer: preparer)
        // One reading thread fewer than the cores: this thread reads too whenever it is not storing, and while it
        // stores, the readers do not take its core (docs/performance.md, "Storing while reading").
        var reader = OrderedReadAhead<PreparedResult>(
            count: files.count, chunkSize: chunkSize, ahead: max(1, 2 * streamedBatchSize / chunkSize),
            workers: ProcessInfo.processInfo.activeProcessorCount - 1, progress: { progress.advance(by: $0) },
            context: { IngestReading(regularFilesOnly: files.regularFilesOnly) }
        ) { reader, position in
            preparer.prepare(files.path(at: order[position]), reading: reader, keepingPath: false)
        }
        defer { reader.stop() }
        // Set while results are stored as they are read: how to start again should one come out of order.
        var streaming = restage
        // Made at the first batch, once the store is open.
        var storing: IngestStoring?
        /// The storing, made the first time (the store opened first, waiting for it): a store that turns out not to be
        /// new is not stored into while reading.
        func openStoring() throws(RegimenError) -> IngestStoring {
            if let storing { return storing }
            let store = try openedStore()
            if !store.isStaged { streaming = nil }
            let made = IngestStoring(run: self, store: store, files: files)
            storing = made
            return made
        }
        var readRejections: [(file: Int, rejection: IngestRejection)] = []
        var waiting: [OutcomeIngest] = []
        var waitingFiles: [Int] = []
        var streamOrder = IngestStreamOrder()
        var position = 0
        while var chunk = reader.next() {
            // A store that could not be opened stops the reading at once.
            if case .opening(let opening) = storeSource, storing == nil, opening.hasFailed { _ = try openStoring() }
            // Each result is moved out of its chunk, an empty rejection (which holds no memory) left in its place,
            // rather than copied: copying retains what it refers to, memory last touched by the other core.
            for offset in chunk.indices {
                var item = PreparedResult.rejected(IngestRejection(file: "", problem: ""))
                swap(&item, &chunk[offset])
                let file = order[position]
                position += 1
                switch consume item {
                case .ready(let ingest, let version, _):
                    if let version { summary.researchKitVersions[version, default: 0] += 1 }
                    if let restart = streaming, !streamOrder.admits(ingest, file: file) {
                        if let storing, storing.hasWritten {
                            reader.stop()
                            storing.store.discard()
                            let fresh = try storeCall { () throws(CareStoreError) in try restart() }
                            return try into(fresh).run(files: files, missing: missing)
                        }
                        // Nothing stored yet: read the rest, then sort them all.
                        streaming = nil
                    }
                    waiting.append(ingest)
                    waitingFiles.append(file)
                    if streaming != nil && waiting.count == streamedBatchSize {
                        _ = try openStoring()
                        // (Not while reading after all when the store was not new.)
                        if streaming != nil {
                            try storing?.storeInOrder(
                                &waiting, files: &waitingFiles, earliest: streamOrder.earliest, into: &summary)
                        }
                    }
                case .rejected(let rejection): readRejections.append((file, rejection))
                }
            }
        }
        var lastStoring = try openStoring()
        if streaming != nil {
            if !waiting.isEmpty { progress.restart(label: "storing", total: waiting.count) }
            try lastStoring.storeInOrder(&waiting, files: &waitingFiles, earliest: streamOrder.earliest, into: &summary)
        } else {
            try lastStoring.storeSorted(&waiting, files: &waitingFiles, into: &summary, progress: progress)
        }
        // As if read in the files' order: missing paths, unreadable files, results before their schedule, then what
        // the store refused.
        readRejections.sort { $0.file < $1.file }
        summary.rejected = missing + readRejections.map(\.rejection) + lastStoring.scheduleRejections + summary.rejected
        return (summary, lastStoring.store)
    }
}
