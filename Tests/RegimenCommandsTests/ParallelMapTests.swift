import Foundation
import Synchronization
import Testing

@testable import RegimenCommands

@Suite("parallelMap: every item mapped once, in order, its results owned by the array it returns")
struct ParallelMapTests {
    /// A result that counts its live instances, so that a result copied without being retained, or never released,
    /// shows in the count.
    final class Counted: Sendable {
        static let live = Atomic<Int>(0)
        let value: Int

        init(_ value: Int) {
            self.value = value
            Self.live.add(1, ordering: .relaxed)
        }

        deinit { Self.live.subtract(1, ordering: .relaxed) }
    }

    @Test(
        "sizes around the chunking (0, 1, 7, 8, 255, 2,049 and 10,000 items) keep order and map each item once",
        arguments: [0, 1, 7, 8, 255, 2_049, 10_000])
    func ordersAndCounts(_ count: Int) {
        let calls = Atomic<Int>(0)
        let progress = Atomic<Int>(0)
        let items = Array(0..<count)
        let results = parallelMap(items, progress: { progress.add($0, ordering: .relaxed) }, context: {}) {
            _, item -> String in
            calls.add(1, ordering: .relaxed)
            return "item \(item)"
        }
        #expect(results == items.map { "item \($0)" })
        #expect(calls.load(ordering: .relaxed) == count)
        #expect(progress.load(ordering: .relaxed) == count)
    }

    @Test("each thread gets a context of its own, made and used on that thread only, its items in increasing order")
    func contextPerChunk() {
        /// A context that records the thread it was made on and the items it saw.
        final class Recorder: @unchecked Sendable {
            let thread = pthread_self()
            var items: [Int] = []
            var usedElsewhere = false
        }
        let made = Mutex<[Recorder]>([])
        let items = Array(0..<3_000)
        let results = parallelMap(
            items,
            context: { () -> Recorder in
                let recorder = Recorder()
                made.withLock { $0.append(recorder) }
                return recorder
            }
        ) { recorder, item -> Int in
            if pthread_equal(recorder.thread, pthread_self()) == 0 { recorder.usedElsewhere = true }
            recorder.items.append(item)
            return item * 3
        }
        #expect(results == items.map { $0 * 3 })
        let recorders = made.withLock { $0 }
        #expect(
            (1...ProcessInfo.processInfo.activeProcessorCount).contains(recorders.count),
            "one context per thread that mapped, at most one per core")
        #expect(recorders.allSatisfy { !$0.usedElsewhere })
        #expect(recorders.allSatisfy { $0.items == $0.items.sorted() }, "a thread's items, in increasing order")
        #expect(recorders.flatMap(\.items).sorted() == items)
    }

    @Test("results that are objects stay alive while the array does and are all released with it")
    func resultsOwnedByArray() {
        let before = Counted.live.load(ordering: .relaxed)
        do {
            let results = parallelMap(Array(0..<5_000), context: {}) { _, item in Counted(item * 2) }
            #expect(Counted.live.load(ordering: .relaxed) - before == 5_000)
            #expect(results.enumerated().allSatisfy { $0.element.value == $0.offset * 2 })
        }
        #expect(Counted.live.load(ordering: .relaxed) == before)
    }
}
