import CareModel
import CareStore
import Catalog
import Foundation
import OutcomeMapping

/// `regimen ingest`: read and extract every file on all cores, get the store's tasks ready, then store the results
/// in batches — each batch one transaction, so a kill loses at most the batch in flight (re-ingested next time) and a
/// bad file never leaves anything behind. A new store is filled unseen and appears whole at the end, or not at all
/// (docs/store-file.md, "A new store is created whole").
struct IngestRun {
    let workspace: Workspace
    let catalog: Catalog
    let store: CareStore
    /// `--task`.
    let task: String?
    /// `--start`: the day new tasks start on (default: the day of the earliest result).
    let start: Date?
    /// Files per write transaction: small enough that a batch's rows and the store's page cache stay a few MiB.
    var batchSize = 2_000

    private var environment: RegimenEnvironment { workspace.environment }

    /// Ingests `files`; `missing` are paths already known to name nothing.
    func run(files: IngestFiles, missing: [IngestRejection]) throws(RegimenError) -> IngestSummary {
        var summary = IngestSummary()
        summary.rejected = missing
        let progress = ProgressBar(label: "reading", total: files.count, enabled: environment.stderrIsTerminal)
        defer { progress.finish() }
        let preparer = IngestPreparer(
            catalog: catalog, extractors: workspace.extractors(for: catalog), calendar: environment.calendar, task: task,
            checks: ResultChecks(catalog: catalog, calendar: environment.calendar, now: environment.clock.now()))
        // Ready results come without their paths; `files` names each again when its batch is stored.
        var prepared = preparer.prepare(files, keepingPaths: false, progress: { progress.advance(by: $0) })
        var waiting: [OutcomeIngest] = []
        var waitingFiles: [Int] = []
        waiting.reserveCapacity(prepared.count)
        waitingFiles.reserveCapacity(prepared.count)
        // Each result is moved out of `prepared`, an empty rejection (which holds no memory) left in its place, rather
        // than copied: copying retains what it refers to, memory last touched by the other core, which cost more
        // than the loop.
        for index in prepared.indices {
            var item = PreparedResult.rejected(IngestRejection(file: "", problem: ""))
            swap(&item, &prepared[index])
            switch consume item {
            case .ready(let ingest, let version, _):
                waiting.append(ingest)
                waitingFiles.append(index)
                if let version { summary.researchKitVersions[version, default: 0] += 1 }
            case .rejected(let rejection): summary.rejected.append(rejection)
            }
        }
        prepared = []
        // Batches of neighbouring days: the store reads each batch's events and outcomes with a few range queries.
        // Equal task and run end keep the files' order. The items are moved into their sorted places, not copied.
        let order = waiting.indices.sorted {
            (waiting[$0].taskID, waiting[$0].runEndDate, $0) < (waiting[$1].taskID, waiting[$1].runEndDate, $1)
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
        let earliest = ready.map(\.day.start).min()
        if let anchor = start ?? earliest {
            try IngestTaskSetup(store: store, environment: environment).prepare(catalog, anchor: anchor)
        }
        try keepWithinSchedules(&ready, files: &readyFiles, in: files, rejecting: &summary.rejected)
        progress.restart(label: "storing", total: ready.count)
        // Each batch is a slice of the sorted items: handed over without copying them.
        for start in stride(from: 0, to: ready.count, by: batchSize) {
            let batch = start..<min(ready.count, start + batchSize)
            for index in batch { ready[index].resultFile = files.path(at: readyFiles[index]) }
            let results = try storeCall { () throws(CareStoreError) in try store.ingest(ready[batch]) }
            for (index, result) in zip(batch, results) {
                let file = ready[index].resultFile ?? ""
                switch result {
                case .success(let report): summary.record(report, file: file)
                case .failure(let error):
                    summary.rejected.append(IngestRejection(file: file, problem: ErrorReporter.text(for: error)))
                }
                // Stored and reported: what the item holds is freed now, in place, so that the store's pages for
                // the next batches reuse its memory instead of adding to the peak (docs/performance.md, "Ingest").
                ready[index].values = []
                ready[index].namedSyncID = nil
                ready[index].resultFile = nil
            }
            progress.advance(by: batch.count)
        }
        return summary
    }

    /// Keeps the items whose run ended on or after the day their task's schedule starts in the store; the others are
    /// rejected, since no event can hold them (docs/answer-validation.md, "Dates"). In place: no item is copied.
    /// `itemFiles` holds each item's index in `files`, and loses the rejected ones' too.
    private func keepWithinSchedules(
        _ items: inout [OutcomeIngest], files itemFiles: inout [Int], in files: IngestFiles,
        rejecting rejected: inout [IngestRejection]
    ) throws(RegimenError) {
        let calendar = environment.calendar
        var firstDays: [String: Date] = [:]
        for taskID in Set(items.map(\.taskID)) {
            let versions = try storeCall { () throws(CareStoreError) in try store.taskVersions(id: taskID) }
            if let start = versions.map(\.schedule.startDate).min() { firstDays[taskID] = calendar.startOfDay(for: start) }
        }
        // The rejected ones, found in one pass; usually there are none, and then nothing is moved at all.
        var rejectedIndices: [Int] = []
        for index in items.indices {
            guard let first = firstDays[items[index].taskID], items[index].day.start < first else { continue }
            rejectedIndices.append(index)
            let item = items[index]
            rejected.append(IngestRejection(
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
