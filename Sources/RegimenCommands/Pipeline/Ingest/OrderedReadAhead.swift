import RegimenFoundation

/// Maps the positions `0..<count` a chunk of neighboring positions at a time, on worker threads and on the consumer's
/// own thread whenever it would otherwise wait, and hands the chunks to the consumer in their order, while it works on
/// what it took (e.g. stores it). Chunks are mapped at most `ahead` chunks before the consumer, so what waits is
/// bounded by the chunks in flight, not by the input. Each thread has a `context` of its own (made and used on that
/// thread, e.g. an open folder for reading files).
///
/// Built on `ThreadChannel` alone: the consumer hands out a ticket per chunk it may map, at most `ahead` past the one
/// it waits for, and each ticket carries the channel its chunk's results come back on. There is one consumer: the
/// value is used from one thread only. `stop()` must be called once the consumer is done, and waits for the workers
/// to exit.
struct OrderedReadAhead<Mapped: Sendable>: ~Copyable {
    /// A chunk that may be mapped, and where its results go.
    private struct Ticket: Sendable {
        let chunk: Int
        let results: ThreadChannel<[Mapped], Never>
    }

    /// Tickets not yet taken by a worker (or the consumer).
    private let tickets: ThreadChannel<Ticket, Never>
    private let workers: [WorkerThread]
    /// The result channels of the chunks handed out and not taken yet, in chunk order.
    private var pending: [ThreadChannel<[Mapped], Never>] = []
    private var handedOut = 0
    private let chunkCount: Int
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
        let ahead = max(1, ahead)
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
        let tickets = ThreadChannel<Ticket, Never>(capacity: ahead)
        self.tickets = tickets
        let workerCount = chunkCount == 0 ? 0 : max(0, min(workers, chunkCount))
        self.workers = (0..<workerCount).map { _ in
            WorkerThread.start {
                var state = context()
                while let ticket = tickets.receive() { ticket.results.send(map(&state, ticket.chunk)) }
            }
        }
        while handedOut < min(ahead, chunkCount) { handOut() }
    }

    /// The next chunk's results in position order, nil after the last chunk. While it is not mapped yet, the consumer
    /// maps a chunk no worker has taken up itself, if there is one, else waits.
    mutating func next() -> [Mapped]? {
        guard !pending.isEmpty else { return nil }
        let results = pending.removeFirst()
        var chunk = results.poll()
        while chunk == nil {
            if let ticket = tickets.poll() {
                ticket.results.send(mapOnConsumer(ticket.chunk))
                chunk = results.poll()
            } else {
                chunk = results.receive()
            }
        }
        if handedOut < chunkCount { handOut() }
        return chunk
    }

    /// Stops the workers after the chunks they are mapping and waits for them to exit; what was not taken is dropped.
    mutating func stop() {
        tickets.cancel()
        for worker in workers { worker.join() }
        pending.removeAll()
    }

    /// Hands out the next chunk's ticket; the last one closes the tickets, so that the workers end once it is taken.
    private mutating func handOut() {
        let results = ThreadChannel<[Mapped], Never>(capacity: 1)
        pending.append(results)
        tickets.send(Ticket(chunk: handedOut, results: results))
        handedOut += 1
        if handedOut == chunkCount { tickets.close() }
    }
}
