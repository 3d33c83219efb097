import Dispatch

/// Maps `items` on all cores (in contiguous chunks), keeping their order; each chunk has a `context` of its own (made
/// on the chunk's thread and used only there, e.g. an open folder for reading the chunk's files), and `progress` hears
/// each finished chunk's size.
package func parallelMap<T: Sendable, R: Sendable, Context>(
    _ items: [T], progress: (@Sendable (Int) -> Void)? = nil, context: @Sendable () -> Context,
    _ transform: @Sendable (inout Context, T) -> R
) -> [R] {
    guard !items.isEmpty else { return [] }
    let chunkSize = max(1, min(256, items.count / 8))
    let chunkCount = (items.count + chunkSize - 1) / chunkSize
    // Each chunk writes its results straight into their places in the one result array: no chunk arrays to copy
    // together afterwards (copying retains every result again, on memory the other core wrote). Sound because
    // `transform` cannot throw: every slot is written before `initialized` claims them all.
    return [R](unsafeUninitializedCapacity: items.count) { buffer, initialized in
        let slots = ResultSlots(base: buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = (chunk * chunkSize)..<min(items.count, (chunk + 1) * chunkSize)
            var state = context()
            for index in range { slots.initialize(index, to: transform(&state, items[index])) }
            progress?(range.count)
        }
        initialized = items.count
    }
}

/// The result array's storage, shared by the chunks: each chunk initializes only its own indexes, once.
private struct ResultSlots<R>: @unchecked Sendable {
    let base: UnsafeMutablePointer<R>

    func initialize(_ index: Int, to value: consuming R) {
        (base + index).initialize(to: value)
    }
}
