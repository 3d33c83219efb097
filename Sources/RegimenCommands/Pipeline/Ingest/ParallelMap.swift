import Foundation

/// Maps `items` on all cores (in contiguous chunks), keeping their order; each thread has a `context` of its own (made
/// on that thread and used only there, e.g. an open folder for reading the chunk's files), and `progress` hears each
/// finished chunk's size. The calling thread maps chunks too (`OrderedReadAhead`, with every chunk allowed ahead).
package func parallelMap<T: Sendable, R: Sendable, Context>(
    _ items: [T], progress: (@Sendable (Int) -> Void)? = nil, context: @escaping @Sendable () -> Context,
    _ transform: @escaping @Sendable (inout Context, T) -> R
) -> [R] {
    guard !items.isEmpty else { return [] }
    let chunkSize = max(1, min(256, items.count / 8))
    let chunkCount = (items.count + chunkSize - 1) / chunkSize
    var reader = OrderedReadAhead<R>(
        count: items.count, chunkSize: chunkSize, ahead: chunkCount,
        workers: ProcessInfo.processInfo.activeProcessorCount - 1, progress: progress, context: context
    ) { state, index in
        transform(&state, items[index])
    }
    defer { reader.stop() }
    var results: [R] = []
    results.reserveCapacity(items.count)
    while let chunk = reader.next() { results.append(contentsOf: chunk) }
    return results
}
