import Foundation
import StudyDatabase
import Synchronization
import Testing

@testable import RegimenCommands
@testable import StudyCommands

/// Researchers' tables read participants ahead of the writer: products arrive in the list's order whatever order the
/// tasks finish in, no more than `ahead` run at once, and an error stops the run with nothing consumed after it.
struct ReadAheadTests {
    @Test func productsArriveInOrderWithAtMostAheadRunning() async throws {
        let running = Mutex((now: 0, most: 0))
        var consumed: [Int] = []
        try await ReadAhead.run(Array(0..<12), ahead: 3) { item async throws(StudyDatabaseError) in
            running.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            // Later items finish first within each window.
            try? await Task.sleep(for: .milliseconds(2 * (12 - item)))
            running.withLock { $0.now -= 1 }
            return item * 10
        } consume: { product throws(RegimenError) in
            consumed.append(product)
        }
        #expect(consumed == (0..<12).map { $0 * 10 })
        #expect(running.withLock { $0.most } <= 3)
        #expect(running.withLock { $0.most } >= 2)
    }

    @Test func anErrorStopsTheRunAndNothingAfterItIsConsumed() async {
        var consumed: [Int] = []
        do throws(RegimenError) {
            try await ReadAhead.run(Array(0..<8)) { item async throws(StudyDatabaseError) in
                if item == 3 { throw .participantNotFound(label: "P3") }
                return item
            } consume: { product throws(RegimenError) in
                consumed.append(product)
            }
            Issue.record("no error")
        } catch {
            guard case .reported(let reported) = error, let failure = reported as? StudyDatabaseError else {
                Issue.record("\(error)")
                return
            }
            #expect(failure == .participantNotFound(label: "P3"))
        }
        #expect(consumed == [0, 1, 2])
    }

    @Test func aConsumerErrorStopsTheRun() async {
        var consumed: [Int] = []
        do throws(RegimenError) {
            try await ReadAhead.run(Array(0..<8)) { item async throws(StudyDatabaseError) in
                item
            } consume: { product throws(RegimenError) in
                if product == 2 { throw .usage("full") }
                consumed.append(product)
            }
            Issue.record("no error")
        } catch {
            guard case .usage(let text) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(text == "full")
        }
        #expect(consumed == [0, 1])
    }
}
