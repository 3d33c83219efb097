import Foundation
import RegimenFoundation
import Synchronization
import Testing

/// The one channel the file pipelines' threads wait on (docs/concurrency.md, "CPU-bound file work: threads and one
/// channel"): every element arrives once and in order, never more than the capacity waits, a producer's failure
/// reaches the receiver after the elements before it, a receiver that cancels releases a producer waiting for room,
/// and a worker thread can be waited for.
@Suite("A channel between threads")
struct ThreadChannelTests {
    struct ReadFailed: Error, Equatable {}

    @Test("elements arrive in order from a producer thread, at most `capacity` wait, then nil once closed")
    func order() {
        let channel = ThreadChannel<Int, Never>(capacity: 2)
        let producer = WorkerThread.start {
            for element in 0..<1_000 {
                #expect(channel.send(element))
            }
            channel.close()
        }
        var received: [Int] = []
        while let element = channel.receive() {
            received.append(element)
        }
        producer.join()
        #expect(received == Array(0..<1_000))
        #expect(channel.receive() == nil)
    }

    @Test("a full channel makes the sender wait until an element is received")
    func capacity() {
        let channel = ThreadChannel<Int, Never>(capacity: 1)
        #expect(channel.send(1))
        let second = Atomic<Bool>(false)
        let producer = WorkerThread.start {
            channel.send(2)
            second.store(true, ordering: .sequentiallyConsistent)
        }
        // The producer cannot have sent its second element: the one place is taken until this receive.
        Thread.sleep(forTimeInterval: 0.05)
        let sentEarly = second.load(ordering: .sequentiallyConsistent)
        #expect(!sentEarly)
        #expect(channel.receive() == 1)
        producer.join()
        let sentLater = second.load(ordering: .sequentiallyConsistent)
        #expect(sentLater)
        #expect(channel.poll() == 2)
    }

    @Test("the producer's failure comes after the elements it sent, and again at every later receive")
    func failure() throws {
        let channel = ThreadChannel<Int, ReadFailed>(capacity: 4)
        channel.send(1)
        channel.send(2)
        channel.close(failure: ReadFailed())
        #expect(try channel.receive() == 1)
        #expect(try channel.receive() == 2)
        #expect(throws: ReadFailed()) { try channel.receive() }
        #expect(throws: ReadFailed()) { try channel.receive() }
    }

    @Test("a closed channel refuses more elements, and a second close changes nothing")
    func closed() throws {
        let channel = ThreadChannel<Int, ReadFailed>(capacity: 4)
        channel.send(1)
        channel.close()
        channel.close(failure: ReadFailed())
        #expect(!channel.send(2))
        #expect(try channel.receive() == 1)
        #expect(try channel.receive() == nil)
    }

    @Test("cancelling releases a producer waiting for room, drops what waits, and refuses later elements")
    func cancel() {
        let channel = ThreadChannel<Int, Never>(capacity: 1)
        #expect(channel.send(1))
        let refused = Atomic<Bool>(false)
        let producer = WorkerThread.start {
            if !channel.send(2) { refused.store(true, ordering: .sequentiallyConsistent) }
        }
        channel.cancel()
        producer.join()
        let refusedValue = refused.load(ordering: .sequentiallyConsistent)
        #expect(refusedValue)
        #expect(channel.isCancelled)
        #expect(!channel.send(3))
        #expect(channel.receive() == nil)
        #expect(channel.poll() == nil)
    }

    @Test("poll answers at once: nil on an empty channel, else the oldest element")
    func poll() {
        let channel = ThreadChannel<String, Never>(capacity: 3)
        #expect(channel.poll() == nil)
        channel.send("a")
        channel.send("b")
        #expect(channel.poll() == "a")
        #expect(channel.receive() == "b")
        #expect(channel.poll() == nil)
    }

    @Test("many producers and consumers: every element is received exactly once")
    func manyThreads() {
        let channel = ThreadChannel<Int, Never>(capacity: 3)
        let producers = (0..<4).map { producer in
            WorkerThread.start {
                for element in 0..<500 { channel.send(producer * 500 + element) }
            }
        }
        let received = Mutex<[Int]>([])
        let consumers = (0..<3).map { _ in
            WorkerThread.start {
                while let element = channel.receive() { received.withLock { $0.append(element) } }
            }
        }
        for producer in producers { producer.join() }
        channel.close()
        for consumer in consumers { consumer.join() }
        #expect(received.withLock { $0.sorted() } == Array(0..<2_000))
    }

    @Test("join waits for the thread's body, and returns at once when called again")
    func join() {
        let done = Atomic<Bool>(false)
        let worker = WorkerThread.start(stackSize: 1 << 20) {
            Thread.sleep(forTimeInterval: 0.02)
            done.store(true, ordering: .sequentiallyConsistent)
        }
        worker.join()
        let doneValue = done.load(ordering: .sequentiallyConsistent)
        #expect(doneValue)
        worker.join()
    }
}
