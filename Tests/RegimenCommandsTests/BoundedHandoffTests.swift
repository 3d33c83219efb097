import Foundation
import Testing

@testable import RegimenCommands

/// The handoff between the Health export's reader thread and the store's transaction (docs/health-export.md,
/// "Reading an export"): every batch arrives once and in order, never more than the capacity waits, a reader's error
/// reaches the store after the batches before it, and a store that stops releases a reader waiting for room.
@Suite("Bounded handoff between reader and store")
struct BoundedHandoffTests {
    @Test("batches arrive in order, at most `capacity` wait, then nil")
    func order() throws {
        let handoff = BoundedHandoff<Int>(capacity: 2)
        let producer = Thread {
            for batch in 0..<100 { _ = handoff.put(batch) }
            handoff.finish()
        }
        producer.start()
        var received: [Int] = []
        while let batch = try handoff.take() { received.append(batch) }
        #expect(received == Array(0..<100))
        #expect(try handoff.take() == nil)
    }

    struct ReadFailed: Error {}

    @Test("the reader's error comes after the batches it delivered")
    func failure() throws {
        let handoff = BoundedHandoff<Int>(capacity: 4)
        _ = handoff.put(1)
        _ = handoff.put(2)
        handoff.fail(ReadFailed())
        #expect(try handoff.take() == 1)
        #expect(try handoff.take() == 2)
        #expect(throws: ReadFailed.self) { try handoff.take() }
    }

    @Test("cancelling releases a reader waiting for room, and later batches are refused")
    func cancel() throws {
        let handoff = BoundedHandoff<Int>(capacity: 1)
        #expect(handoff.put(1))
        let refused = DispatchSemaphore(value: 0)
        let producer = Thread {
            if !handoff.put(2) { refused.signal() }
        }
        producer.start()
        handoff.cancel()
        #expect(refused.wait(timeout: .now() + 10) == .success)
        #expect(!handoff.put(3))
    }
}
