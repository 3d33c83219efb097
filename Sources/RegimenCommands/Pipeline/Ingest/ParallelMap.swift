import Dispatch
import Synchronization

/// Maps `items` on all cores (in contiguous chunks), keeping their order; `progress` hears each finished chunk's size.
package func parallelMap<T: Sendable, R: Sendable>(
    _ items: [T], progress: (@Sendable (Int) -> Void)? = nil, _ transform: @Sendable (T) -> R
) -> [R] {
    guard !items.isEmpty else { return [] }
    let chunkSize = max(1, min(256, items.count / 8))
    let chunkCount = (items.count + chunkSize - 1) / chunkSize
    let slots = Mutex<[[R]]>(Array(repeating: [], count: chunkCount))
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
        let range = (chunk * chunkSize)..<min(items.count, (chunk + 1) * chunkSize)
        let mapped = items[range].map(transform)
        slots.withLock { $0[chunk] = mapped }
        progress?(range.count)
    }
    // Chunk by chunk, each released once moved: never two copies of all the results at once.
    return slots.withLock { chunks in
        var all: [R] = []
        all.reserveCapacity(items.count)
        for index in chunks.indices {
            all.append(contentsOf: chunks[index])
            chunks[index] = []
        }
        return all
    }
}
