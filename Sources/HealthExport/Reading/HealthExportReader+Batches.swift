package import HealthData

extension HealthExportReader {
    /// `read`, with the items handed over in arrays of `size` (the last one shorter), in document order: what an
    /// importer writes in one transaction, or sends to the thread that owns the store (arrays of items are Sendable).
    /// Errors as `read`'s; a batch is handed over only when full or at the end, so a failing export delivers none of
    /// the items of its unfinished batch.
    @discardableResult
    package func readBatches(
        of size: Int = 1000, progress: (HealthExportProgress) -> Void = { _ in },
        _ body: ([HealthExportItem]) throws -> Void
    ) throws -> Int {
        let size = max(size, 1)
        var batch: [HealthExportItem] = []
        batch.reserveCapacity(size)
        let count = try read(progress: progress) { item in
            batch.append(item)
            if batch.count == size {
                try body(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try body(batch) }
        return count
    }
}
