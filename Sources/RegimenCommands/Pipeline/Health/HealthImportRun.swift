import CareStore
import Foundation
import HealthData
import HealthExport

/// One `regimen health import`: the export is read on a thread of its own and handed over in batches to the store's
/// single transaction (docs/health-export.md, "Reading" and "How the store keeps an export"), so reading and storing
/// overlap on two cores while memory holds a few batches, never the export.
struct HealthImportRun {
    let store: CareStore
    let environment: RegimenEnvironment

    /// The weight of a batch handed to the store: an item weighs 1, a workout also its route points / 16 (a workout
    /// with an hour of 1 Hz route points weighs as much as 225 samples), so memory is bounded by weight, not count.
    static let batchWeight = 2_048

    /// An item's weight in a batch.
    static func weight(of item: HealthExportItem) -> Int {
        switch item {
        case .workout(let workout): 1 + workout.routes.reduce(0) { $0 + $1.points.count } / 16
        case .correlation(let correlation): 1 + correlation.members.count
        default: 1
        }
    }

    /// Imports `path` with `home` as the zone its days are read in; a damaged export stores nothing.
    func run(path: String, home: TimeZone) throws(RegimenError) -> HealthImportReport {
        let reader: HealthExportReader
        do {
            reader = try HealthExportReader(path: path)
        } catch {
            throw .healthExport(error)
        }
        let progress = ProgressBar(
            label: "importing", total: Int(reader.totalBytes), enabled: environment.stderrIsTerminal, unit: .bytes)
        defer { progress.finish() }
        let handoff = BoundedHandoff<[HealthExportItem]>(capacity: 4)
        let producer = Thread {
            var batch: [HealthExportItem] = []
            var weight = 0
            var reported: Int64 = 0
            do {
                try reader.read(progress: { done in
                    progress.advance(by: Int(done.bytesRead - reported))
                    reported = done.bytesRead
                }) { item in
                    batch.append(item)
                    weight += Self.weight(of: item)
                    if weight >= Self.batchWeight {
                        guard handoff.put(batch) else { throw HealthImportCancelled() }
                        batch = []
                        weight = 0
                    }
                }
                if !batch.isEmpty, !handoff.put(batch) { throw HealthImportCancelled() }
                handoff.finish()
            } catch {
                handoff.fail(error)
            }
        }
        producer.stackSize = 4 << 20
        producer.start()
        do {
            return try store.importHealth(
                file: path, homeZone: home.identifier, importedDate: environment.clock.now(), next: handoff.take)
        } catch let error as HealthExportError {
            throw .healthExport(error)
        } catch let error as CareStoreError {
            handoff.cancel()
            throw .store(error)
        } catch {
            handoff.cancel()
            throw .failure("the import stopped: \(error)")
        }
    }
}

/// The store stopped taking batches (it failed): the reader stops too.
private struct HealthImportCancelled: Error {}
