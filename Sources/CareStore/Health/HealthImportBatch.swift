import GRDB
package import HealthData

/// Items of an export on their way to the store, in export order, with the samples' rows already prepared
/// (docs/health-export.md, "How the store keeps an export"): made by `HealthImportBatcher` on the reading thread,
/// written by `CareStore.importHealth` in its transaction.
package struct HealthImportBatch: Sendable {
    /// A run of prepared sample rows, or one other item, in export order.
    enum Entry: Sendable {
        case samples(count: Int)
        case item(HealthExportItem)
    }

    var entries: [Entry] = []
    var sampleArguments: [DatabaseValue] = []
    /// The texts the rows number that earlier batches did not carry.
    var texts = HealthTextNumbering.NewTexts()
    /// Top-level items it holds.
    package private(set) var itemCount = 0

    /// Whether it holds nothing.
    package var isEmpty: Bool { entries.isEmpty }

    mutating func appendSample() {
        itemCount += 1
        if case .samples(let count)? = entries.last {
            entries[entries.count - 1] = .samples(count: count + 1)
        } else {
            entries.append(.samples(count: 1))
        }
    }

    mutating func append(_ item: HealthExportItem) {
        itemCount += 1
        entries.append(.item(item))
    }
}

/// Gathers an export's items into batches, preparing each sample's row as it comes (its identity, texts and JSON), so
/// that this work runs on the thread that reads the export rather than in the store's transaction.
package struct HealthImportBatcher {
    private var preparer = HealthSamplePreparer()
    private var batch = HealthImportBatch()
    /// The batch's weight so far: an item weighs 1, a workout also its route points / 2.
    package private(set) var weight = 0

    /// A batcher with nothing gathered.
    package init() {}

    /// Adds `item` to the batch being gathered.
    package mutating func add(_ item: HealthExportItem) {
        weight += 1
        switch item {
        case .sample(let sample):
            preparer.append(sample, topLevel: true, to: &batch.sampleArguments)
            batch.appendSample()
        case .workout(let workout):
            weight += workout.routes.reduce(0) { $0 + $1.points.count } / 2
            batch.append(item)
        case .correlation(let correlation):
            weight += correlation.members.count
            batch.append(item)
        default:
            batch.append(item)
        }
    }

    /// The batch gathered so far; gathering starts afresh.
    package mutating func take() -> HealthImportBatch {
        defer {
            batch = HealthImportBatch()
            weight = 0
        }
        batch.texts = preparer.takeNewTexts()
        return batch
    }
}
