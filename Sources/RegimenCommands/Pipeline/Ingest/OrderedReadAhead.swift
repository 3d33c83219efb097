import Foundation

/// Maps the positions `0..<count` a chunk of neighboring positions at a time, on worker threads and on the consumer's
/// own thread whenever it would otherwise wait, and hands the chunks to the consumer in their order, while it works on
/// what it took (e.g. stores it). Chunks are mapped at most `ahead` chunks before the consumer, so what waits is
/// bounded by the chunks in flight, not by the input. Each thread has a `context` of its own (made and used on that
/// thread, e.g. an open folder for reading files). There is one consumer: `next()` is called from one thread only.
/// `stop()` must be called once the consumer is done, and waits for the workers to exit.
final class OrderedReadAhead<Mapped: Sendable>: @unchecked Sendable {
    // Every stored property below is read and written only while `condition` is locked.
    private let condition = NSCondition()
    /// Finished chunks not taken yet, by chunk number.
    private var finished: [Int: [Mapped]] = [:]
    /// The next chunk to claim for mapping, and the next the consumer takes.
    private var claimed = 0
    private var taken = 0
    private var stopped = false
    private var running: Int

    private let chunkCount: Int
    private let ahead: Int
    /// Maps one chunk on the consumer's thread, with a context of its own made there on first use.
    private let mapOnConsumer: (Int) -> [Mapped]

    /// Starts `workers` threads mapping `0..<count` with `transform`, `chunkSize` positions a chunk; `progress` hears
    /// each finished chunk's size (on the thread that mapped it).
    init<Context>(
        count: Int, chunkSize: Int, ahead: Int, workers: Int, progress: (@Sendable (Int) -> Void)? = nil,
        context: @escaping @Sendable () -> Context, transform: @escaping @Sendable (inout Context, Int) -> Mapped
    ) {
        let size = max(1, chunkSize)
        chunkCount = (count + size - 1) / size
        self.ahead = max(1, ahead)
        let map = { @Sendable (state: inout Context, chunk: Int) -> [Mapped] in
            let positions = (chunk * size)..<min(count, (chunk + 1) * size)
            var results: [Mapped] = []
            results.reserveCapacity(positions.count)
            for position in positions { results.append(transform(&state, position)) }
            progress?(positions.count)
            return results
        }
        var consumerState: Context?
        mapOnConsumer = { chunk in
            var state = consumerState ?? context()
            defer { consumerState = state }
            return map(&state, chunk)
        }
        let workers = chunkCount == 0 ? 0 : max(0, min(workers, chunkCount))
        running = workers
        for _ in 0..<workers {
            Thread { [self] in
                var state = context()
                while let chunk = claim(waiting: true) { deliver(map(&state, chunk), chunk: chunk) }
                workerExited()
            }.start()
        }
    }

    /// The next chunk's results in position order, nil after the last chunk or once stopped. While it is not finished,
    /// the consumer maps a chunk not yet claimed itself, if there is one within `ahead`, else waits.
    func next() -> [Mapped]? {
        condition.lock()
        defer { condition.unlock() }
        guard taken < chunkCount else { return nil }
        while finished[taken] == nil && !stopped {
            if let chunk = claimLocked(waiting: false) {
                condition.unlock()
                let results = mapOnConsumer(chunk)
                condition.lock()
                deliverLocked(results, chunk: chunk)
            } else {
                condition.wait()
            }
        }
        guard let results = finished.removeValue(forKey: taken) else { return nil }
        taken += 1
        condition.broadcast()
        return results
    }

    /// Stops the workers after the chunks they are mapping and waits for them to exit; what was not taken is dropped.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        finished.removeAll()
        condition.unlock()
    }

    /// A worker's next chunk, once it is no more than `ahead` chunks before the consumer; nil when there is none left
    /// or the consumer stopped.
    private func claim(waiting: Bool) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        return claimLocked(waiting: waiting)
    }

    /// `claim` with `condition` locked; without `waiting`, nil at once when the next chunk is too far ahead.
    private func claimLocked(waiting: Bool) -> Int? {
        while waiting && !stopped && claimed < chunkCount && claimed >= taken + ahead { condition.wait() }
        guard !stopped && claimed < chunkCount && claimed < taken + ahead else { return nil }
        defer { claimed += 1 }
        return claimed
    }

    private func deliver(_ results: [Mapped], chunk: Int) {
        condition.lock()
        deliverLocked(results, chunk: chunk)
        condition.unlock()
    }

    /// `deliver` with `condition` locked: a chunk mapped after `stop()` is dropped.
    private func deliverLocked(_ results: [Mapped], chunk: Int) {
        if !stopped { finished[chunk] = results }
        condition.broadcast()
    }

    private func workerExited() {
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
