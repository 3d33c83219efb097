import Foundation

/// Hands batches from one producer thread to one consumer, holding at most `capacity` batches at once, so memory is
/// bounded by the batches in flight, not by the input (docs/health-export.md, "Reading an export"). Either side can
/// stop the other: the producer ends with `finish()` or `fail(_:)`; the consumer with `cancel()`, after which `put`
/// refuses.
final class BoundedHandoff<Batch: Sendable>: @unchecked Sendable {
    // Every stored property below is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private let capacity: Int
    private var batches: [Batch] = []
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false

    /// A handoff holding at most `capacity` batches.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Producer: waits for room, then queues `batch`; false when the consumer has cancelled (stop producing).
    func put(_ batch: Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// Producer: no more batches.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Producer: stopped by `error`, which the consumer's `take` throws once the batches before it are taken.
    func fail(_ error: any Error) {
        condition.lock()
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// Consumer: the next batch, nil once the producer finished, or the producer's error.
    func take() throws -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !finished && failure == nil { condition.wait() }
        if !batches.isEmpty {
            let batch = batches.removeFirst()
            condition.broadcast()
            return batch
        }
        if let failure { throw failure }
        return nil
    }

    /// Consumer: stop the producer (its next `put` returns false, a waiting one wakes).
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
