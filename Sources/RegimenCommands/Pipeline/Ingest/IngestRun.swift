import CareModel
import CareStore
import Catalog
import Foundation
import OutcomeMapping
import RegimenFoundation

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
    let store: CareStore
    /// `--task`.
    let task: String?
    /// `--start`: the day new tasks start on (default: the day of the earliest result).
    let start: Date?
    /// For a store no one sees before the ingest ends (a new one): makes a fresh one to start again in. Set, batches
    /// are stored while later files are read; nil, every file is read before the first batch is stored.
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

    private var environment: RegimenEnvironment { workspace.environment }

    /// Ingests `files`; `missing` are paths already known to name nothing. Returns what it did and the store it filled:
    /// `store`, or the fresh one it started again in.
    func run(files: IngestFiles, missing: [IngestRejection]) throws(RegimenError) -> (summary: IngestSummary, store: CareStore) {
        var summary = IngestSummary()
        let progress = ProgressBar(label: "reading", total: files.count, enabled: environment.stderrIsTerminal)
        defer { progress.finish() }
        let preparer = IngestPreparer(
            catalog: catalog, extractors: workspace.extractors(for: catalog), calendar: environment.calendar, task: task,
            checks: ResultChecks(catalog: catalog, calendar: environment.calendar, now: environment.clock.now()))
        // Ready results come without their paths; `files` names each again when its batch is stored.
        let order = files.readingOrder()
        // One reading thread fewer than the cores: this thread reads too whenever it is not storing, and while it
        // stores, the readers do not take its core (docs/performance.md, "Storing while reading").
        let reader = OrderedReadAhead<PreparedResult>(
            count: files.count, chunkSize: chunkSize, ahead: max(1, streamedBatchSize / chunkSize),
            workers: ProcessInfo.processInfo.activeProcessorCount - 1, progress: { progress.advance(by: $0) },
            context: { FolderFileReader() }
        ) { reader, position in
            preparer.prepare(files.path(at: order[position]), reading: reader, keepingPath: false)
        }
        defer { reader.stop() }
        var storing = Storing(run: self, files: files)
        var readRejections: [(file: Int, rejection: IngestRejection)] = []
        var waiting: [OutcomeIngest] = []
        var waitingFiles: [Int] = []
        // Set while results are stored as they are read: how to start again should one come out of order.
        var streaming = restage
        var streamOrder = StreamOrder()
        var position = 0
        while var chunk = reader.next() {
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
                        if storing.hasWritten {
                            reader.stop()
                            store.discard()
                            let fresh = try storeCall { () throws(CareStoreError) in try restart() }
                            var again = IngestRun(workspace: workspace, catalog: catalog, store: fresh, task: task, start: start)
                            again.batchSize = batchSize
                            again.chunkSize = chunkSize
                            return try again.run(files: files, missing: missing)
                        }
                        // Nothing stored yet: read the rest, then sort them all.
                        streaming = nil
                    }
                    waiting.append(ingest)
                    waitingFiles.append(file)
                    if streaming != nil && waiting.count == streamedBatchSize {
                        try storing.storeInOrder(&waiting, files: &waitingFiles, earliest: streamOrder.earliest, into: &summary)
                    }
                case .rejected(let rejection): readRejections.append((file, rejection))
                }
            }
        }
        if streaming != nil {
            if !waiting.isEmpty {
                progress.restart(label: "storing", total: waiting.count)
                try storing.storeInOrder(&waiting, files: &waitingFiles, earliest: streamOrder.earliest, into: &summary)
            }
        } else {
            try storing.storeSorted(&waiting, files: &waitingFiles, into: &summary, progress: progress)
        }
        // As if read in the files' order: missing paths, unreadable files, results before their schedule, then what
        // the store refused.
        readRejections.sort { $0.file < $1.file }
        summary.rejected = missing + readRejections.map(\.rejection) + storing.scheduleRejections + summary.rejected
        return (summary, store)
    }
}

/// The order in which `IngestRun` can store results as it reads them: each after the one before by task, run end and
/// file, and none on a day before the first's, which starts the schedules of tasks new to the store (unless
/// `--start` names that day).
private struct StreamOrder {
    private var last: (taskID: String, runEnd: Date, file: Int)?
    /// The day of the first result admitted.
    private(set) var earliest: Date?

    /// Whether `item`, of file `file`, comes after every result admitted before it; if so it is the last one now.
    mutating func admits(_ item: OutcomeIngest, file: Int) -> Bool {
        if let last, !((last.taskID, last.runEnd, last.file) < (item.taskID, item.runEndDate, file)) { return false }
        if let earliest, item.day.start < earliest { return false }
        last = (item.taskID, item.runEndDate, file)
        if earliest == nil { earliest = item.day.start }
        return true
    }
}

/// Storing an `IngestRun`'s results: the store's tasks set up before the first batch, results before their task's
/// schedule rejected, then batch after batch.
private struct Storing {
    let run: IngestRun
    let files: IngestFiles
    /// Whether anything was written to the store (its tasks, or a batch).
    private(set) var hasWritten = false
    /// Results rejected because their run ended before their task's schedule starts.
    private(set) var scheduleRejections: [IngestRejection] = []
    /// The first day of each task's schedule in the store, once asked (nil: the store holds no version of it).
    private var firstDays: [String: Date?] = [:]

    init(run: IngestRun, files: IngestFiles) {
        self.run = run
        self.files = files
    }

    private var store: CareStore { run.store }
    private var environment: RegimenEnvironment { run.workspace.environment }

    /// Stores `items` (of `itemFiles`), already in the order of storing, as one batch, and empties both arrays.
    /// `earliest` is the day of the first result read, which anchors the tasks new to the store unless `--start` does.
    mutating func storeInOrder(
        _ items: inout [OutcomeIngest], files itemFiles: inout [Int], earliest: Date?, into summary: inout IngestSummary
    ) throws(RegimenError) {
        try setUpTasks(anchor: run.start ?? earliest)
        try keepWithinSchedules(&items, files: &itemFiles)
        try storeBatch(&items, 0..<items.count, files: itemFiles, into: &summary)
        items.removeAll(keepingCapacity: true)
        itemFiles.removeAll(keepingCapacity: true)
    }

    /// Sorts `waiting` (of `waitingFiles`) into the order of storing, then stores them batch after batch.
    mutating func storeSorted(
        _ waiting: inout [OutcomeIngest], files waitingFiles: inout [Int], into summary: inout IngestSummary,
        progress: ProgressBar
    ) throws(RegimenError) {
        // Batches of neighbouring days: the store reads each batch's events and outcomes with a few range queries.
        // Equal task and run end keep the files' order. The items are moved into their sorted places, not copied.
        let order = waiting.indices.sorted {
            (waiting[$0].taskID, waiting[$0].runEndDate, waitingFiles[$0])
                < (waiting[$1].taskID, waiting[$1].runEndDate, waitingFiles[$1])
        }
        var ready: [OutcomeIngest] = []
        ready.reserveCapacity(order.count)
        for index in order {
            var item = OutcomeIngest.placeholder
            swap(&item, &waiting[index])
            ready.append(item)
        }
        waiting = []
        var readyFiles = order.map { waitingFiles[$0] }
        waitingFiles = []
        try setUpTasks(anchor: run.start ?? ready.map(\.day.start).min())
        try keepWithinSchedules(&ready, files: &readyFiles)
        progress.restart(label: "storing", total: ready.count)
        // Each batch is a slice of the sorted items: handed over without copying them.
        for start in stride(from: 0, to: ready.count, by: run.batchSize) {
            let batch = start..<min(ready.count, start + run.batchSize)
            try storeBatch(&ready, batch, files: readyFiles, into: &summary)
            progress.advance(by: batch.count)
        }
    }

    /// Gets the store's tasks ready (`IngestTaskSetup`) once, before the first batch; nothing to do without an anchor
    /// (no result to store, and no `--start`).
    private mutating func setUpTasks(anchor: Date?) throws(RegimenError) {
        guard !hasWritten, let anchor else { return }
        hasWritten = true
        try IngestTaskSetup(store: store, environment: environment).prepare(run.catalog, anchor: anchor)
    }

    /// Stores `items[batch]` in one transaction and records each result in `summary`; what each item held is freed
    /// once stored.
    private func storeBatch(
        _ items: inout [OutcomeIngest], _ batch: Range<Int>, files itemFiles: [Int], into summary: inout IngestSummary
    ) throws(RegimenError) {
        for index in batch { items[index].resultFile = files.path(at: itemFiles[index]) }
        let results = try storeCall { () throws(CareStoreError) in try store.ingest(items[batch]) }
        for (index, result) in zip(batch, results) {
            let file = items[index].resultFile ?? ""
            switch result {
            case .success(let report): summary.record(report, file: file)
            case .failure(let error):
                summary.rejected.append(IngestRejection(file: file, problem: ErrorReporter.text(for: error)))
            }
            // Stored and reported: what the item holds is freed now, in place, so that the store's pages for the next
            // batches reuse its memory instead of adding to the peak (docs/performance.md, "Ingest").
            items[index].values = []
            items[index].namedSyncID = nil
            items[index].resultFile = nil
        }
    }

    /// Keeps the items whose run ended on or after the day their task's schedule starts in the store; the others are
    /// rejected, since no event can hold them (docs/answer-validation.md, "Dates"). In place: no item is copied.
    /// `itemFiles` holds each item's index in `files`, and loses the rejected ones' too.
    private mutating func keepWithinSchedules(_ items: inout [OutcomeIngest], files itemFiles: inout [Int]) throws(RegimenError) {
        let calendar = environment.calendar
        for taskID in Set(items.map(\.taskID)) where firstDays.index(forKey: taskID) == nil {
            let versions = try storeCall { () throws(CareStoreError) in try store.taskVersions(id: taskID) }
            firstDays[taskID] = .some(versions.map(\.schedule.startDate).min().map { calendar.startOfDay(for: $0) })
        }
        // The rejected ones, found in one pass; usually there are none, and then nothing is moved at all.
        var rejectedIndices: [Int] = []
        for index in items.indices {
            guard let first = firstDays[items[index].taskID] ?? nil, items[index].day.start < first else { continue }
            rejectedIndices.append(index)
            let item = items[index]
            scheduleRejections.append(IngestRejection(
                file: files.path(at: itemFiles[index]),
                problem: "endDate: the run ended on \(DayText.iso(item.runEndDate, calendar: calendar)), before the "
                    + "schedule of task '\(item.taskID)' starts (\(DayText.iso(first, calendar: calendar)))"))
        }
        guard !rejectedIndices.isEmpty else { return }
        items.removeSubranges(RangeSet(rejectedIndices, within: items))
        itemFiles.removeSubranges(RangeSet(rejectedIndices, within: itemFiles))
    }
}

private extension OutcomeIngest {
    /// An empty item, left where one was moved out (it holds no memory).
    static let placeholder = OutcomeIngest(
        taskID: "", day: DateInterval(), runEndDate: .distantPast, values: [], syncID: nil, createdDate: .distantPast)
}
