import Foundation
import Synchronization
import Testing

@testable import RegimenCommands

/// `OrderedReadAhead` reads an ingest's files on worker threads and on the consumer's thread while it has nothing to
/// store, and hands the results over in order, a bounded number of chunks ahead.
@Suite("Ordered read-ahead: every position mapped once, handed over in order, never too far ahead")
struct OrderedReadAheadTests {
    /// Takes every chunk of `reader`, flattened.
    static func drain<R>(_ reader: inout OrderedReadAhead<R>) -> [R] {
        var all: [R] = []
        while let chunk = reader.next() { all += chunk }
        reader.stop()
        return all
    }

    @Test(
        "counts around the chunking, with no worker (the consumer maps all), one, and more than the cores",
        arguments: [0, 1, 7, 64, 65, 1_000], [0, 1, 3])
    func ordersAndCounts(_ count: Int, workers: Int) {
        for chunkSize in [1, 7, 64] {
            let calls = Atomic<Int>(0)
            let progress = Atomic<Int>(0)
            var reader = OrderedReadAhead<String>(
                count: count, chunkSize: chunkSize, ahead: 3, workers: workers,
                progress: { progress.add($0, ordering: .relaxed) }, context: {}
            ) { _, position in
                calls.add(1, ordering: .relaxed)
                return "item \(position)"
            }
            #expect(Self.drain(&reader) == (0..<count).map { "item \($0)" }, "chunks of \(chunkSize)")
            #expect(calls.load(ordering: .relaxed) == count)
            #expect(progress.load(ordering: .relaxed) == count)
            #expect(reader.next() == nil)
        }
    }

    @Test("a slow consumer: no chunk is mapped more than `ahead` chunks before the last one taken")
    func boundedAhead() {
        let taken = Atomic<Int>(0)
        let tooFar = Atomic<Int>(0)
        let furthest = Atomic<Int>(0)
        let chunkSize = 4
        let ahead = 3
        var reader = OrderedReadAhead<Int>(count: 400, chunkSize: chunkSize, ahead: ahead, workers: 2, context: {}) {
            _, position in
            let chunk = position / chunkSize
            // The reader counts a chunk taken just before `next` returns it, and this count just after: one of slack.
            if chunk >= taken.load(ordering: .acquiring) + ahead + 1 { tooFar.add(1, ordering: .relaxed) }
            furthest.max(chunk - taken.load(ordering: .acquiring), ordering: .relaxed)
            return position
        }
        var all: [Int] = []
        while let chunk = reader.next() {
            taken.add(1, ordering: .releasing)
            all += chunk
            usleep(500)
        }
        reader.stop()
        #expect(all == Array(0..<400))
        #expect(tooFar.load(ordering: .relaxed) == 0)
        #expect(furthest.load(ordering: .relaxed) >= ahead - 1, "the workers did run ahead while the consumer slept")
    }

    @Test("stopped after two chunks: stop returns, the workers have exited, and nothing more is mapped or handed over")
    func stopEarly() {
        let calls = Atomic<Int>(0)
        var reader = OrderedReadAhead<Int>(count: 100_000, chunkSize: 16, ahead: 8, workers: 2, context: {}) {
            _, position in
            calls.add(1, ordering: .relaxed)
            return position
        }
        #expect(reader.next() == Array(0..<16))
        #expect(reader.next() == Array(16..<32))
        reader.stop()
        let after = calls.load(ordering: .relaxed)
        #expect(after <= (2 + 8) * 16, "no more than `ahead` chunks past the two taken")
        usleep(20_000)
        #expect(calls.load(ordering: .relaxed) == after)
        #expect(reader.next() == nil)
    }

    @Test("each thread's context is made once, on that thread, and used only there; the consumer has its own")
    func contextPerThread() {
        final class Recorder: @unchecked Sendable {
            let thread = pthread_self()
            var positions: [Int] = []
            var usedElsewhere = false
        }
        let made = Mutex<[Recorder]>([])
        var reader = OrderedReadAhead<Int>(
            count: 3_000, chunkSize: 10, ahead: 4, workers: 2,
            context: { () -> Recorder in
                let recorder = Recorder()
                made.withLock { $0.append(recorder) }
                return recorder
            }
        ) { recorder, position in
            if pthread_equal(recorder.thread, pthread_self()) == 0 { recorder.usedElsewhere = true }
            recorder.positions.append(position)
            return position
        }
        let consumer = pthread_self()
        #expect(Self.drain(&reader) == Array(0..<3_000))
        let recorders = made.withLock { $0 }
        #expect((2...3).contains(recorders.count), "two workers and, if it ever waited, the consumer")
        #expect(recorders.allSatisfy { !$0.usedElsewhere })
        #expect(recorders.filter { pthread_equal($0.thread, consumer) != 0 }.count <= 1)
        #expect(recorders.flatMap(\.positions).sorted() == Array(0..<3_000))
        #expect(recorders.allSatisfy { $0.positions == $0.positions.sorted() }, "each thread takes chunks in order")
    }
}
