import CareModel
import CareStore
import Catalog
import Foundation

/// Storing an `IngestRun`'s results: the store's tasks set up before the first batch, results before their task's
/// schedule rejected, then batch after batch.
struct IngestStoring {
    let run: IngestRun
    /// The store the run fills.
    let store: CareStore
    let files: IngestFiles
    /// Whether anything was written to the store (its tasks, or a batch).
    private(set) var hasWritten = false
    /// Results rejected because their run ended before their task's schedule starts.
    private(set) var scheduleRejections: [IngestRejection] = []
    /// The first day of each task's schedule in the store, once asked (nil: the store holds no version of it).
    private var firstDays: [String: Date?] = [:]

    /// Stores `run`'s results, which came from `files`, into `store`.
    init(run: IngestRun, store: CareStore, files: IngestFiles) {
        self.run = run
        self.store = store
        self.files = files
    }
    private var environment: RegimenEnvironment { run.workspace.environment }

    /// Stores `items` (of `itemFiles`), already in the order of storing, as one batch, and empties both arrays.
    /// `earliest` is the day of the first result read, which anchors the tasks new to the store unless `--start` does;
    /// with `--start` the tasks are set up even when there is nothing to store, as when every file is read first.
    mutating func storeInOrder(
        _ items: inout [OutcomeIngest], files itemFiles: inout [Int], earliest: Date?, into summary: inout IngestSummary
    ) throws(RegimenError) {
        try setUpTasks(anchor: run.start ?? earliest)
        guard !items.isEmpty else { return }
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
        // Batches of neighboring days: the store reads each batch's events and outcomes with a few range queries.
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
    private mutating func keepWithinSchedules(_ items: inout [OutcomeIngest], files itemFiles: inout [Int])
        throws(RegimenError)
    {
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
            scheduleRejections.append(
                IngestRejection(
                    file: files.path(at: itemFiles[index]),
                    problem:
                        "endDate: the run ended on \(DayText.iso(item.runEndDate, calendar: calendar)), before the "
                        + "schedule of task '\(item.taskID)' starts (\(DayText.iso(first, calendar: calendar)))"))
        }
        guard !rejectedIndices.isEmpty else { return }
        items.removeSubranges(RangeSet(rejectedIndices, within: items))
        itemFiles.removeSubranges(RangeSet(rejectedIndices, within: itemFiles))
    }
}

extension OutcomeIngest {
    /// An empty item, left where one was moved out (it holds no memory).
    fileprivate static let placeholder = OutcomeIngest(
        taskID: "", day: DateInterval(), runEndDate: .distantPast, values: [], syncID: nil, createdDate: .distantPast)
}
