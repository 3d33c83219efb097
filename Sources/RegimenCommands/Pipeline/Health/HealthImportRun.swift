import CareStore
import Foundation
import HealthData
import HealthExport
import RegimenFoundation
import ResearchTasks
import SystemPackage

/// One `regimen health import`: the export is read on a thread of its own and handed over in batches to the store's
/// single transaction (docs/health-export.md, "Reading an export" and "How the store keeps an export"), so reading and
/// storing overlap on two cores while memory holds a few batches, never the export.
struct HealthImportRun {
    let store: CareStore
    let environment: RegimenEnvironment

    /// The weight of a batch handed to the store (`HealthImportBatcher.weight`: an item weighs 1, a workout also its
    /// route points / 2), so memory is bounded by the weight in flight, not by the export.
    static let batchWeight = 512

    /// Imports `path` with `home` as the zone its days are read in; a damaged export stores nothing.
    func run(path: String, home: TimeZone) throws(RegimenError) -> HealthImportReport {
        let reader: HealthExportReader
        do {
            reader = try HealthExportReader(path: FilePath(path))
        } catch {
            throw .healthExport(error)
        }
        let progress = ProgressBar(
            label: "importing", total: Int(reader.totalBytes), enabled: environment.stderrIsTerminal, unit: .bytes)
        defer { progress.finish() }
        // At most three batches wait, so memory holds the weight in flight, not the export.
        let handoff = ThreadChannel<HealthImportBatch, any Error>(capacity: 3)
        let producer = WorkerThread.start(stackSize: 4 << 20) {
            // Samples' rows are prepared here, on the reading thread; the store's transaction binds and inserts them.
            var batching = Batching(handoff: handoff)
            do {
                try batching.read(reader, progress: progress)
                handoff.close()
            } catch {
                handoff.close(failure: error)
            }
        }
        // Whatever happens, the reading thread has ended when this returns: a store that stopped taking batches cancels
        // the channel, which stops the reader at its next batch (after a whole import, it changes nothing).
        defer {
            handoff.cancel()
            producer.join()
        }
        do {
            return try store.importHealth(
                file: path, homeZone: home.identifier, importedDate: environment.clock.now(), next: handoff.receive)
        } catch let error as HealthExportError {
            throw .healthExport(error)
        } catch let error as CareStoreError {
            throw .store(error)
        } catch {
            throw .failure("the import stopped: \(error)")
        }
    }
}

/// The reading thread's side: items gathered into batches and handed over. A struct that reads through `self`, so
/// the batcher is not a variable captured by the item closure (such a capture was checked for exclusive access on
/// every item, at run time).
private struct Batching {
    let handoff: ThreadChannel<HealthImportBatch, any Error>
    var batcher = HealthImportBatcher()
    var reported: Int64 = 0

    init(handoff: ThreadChannel<HealthImportBatch, any Error>) {
        self.handoff = handoff
    }

    /// Reads every item of `reader`, handing full batches over, then the last one.
    mutating func read(_ reader: HealthExportReader, progress: ProgressBar) throws {
        try reader.read(progress: { done in
            progress.advance(by: Int(done.bytesRead - reported))
            reported = done.bytesRead
        }) { item in
            batcher.add(item)
            if batcher.weight >= HealthImportRun.batchWeight {
                guard handoff.send(batcher.take()) else { throw HealthImportCancelled() }
            }
        }
        let last = batcher.take()
        if !last.isEmpty, !handoff.send(last) { throw HealthImportCancelled() }
    }
}

/// The store stopped taking batches (it failed): the reader stops too.
private struct HealthImportCancelled: Error {}
