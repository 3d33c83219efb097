import Foundation

/// A bounded first-in, first-out channel between threads: the one place where Regimen's file pipelines wait for each
/// other (docs/concurrency.md, "CPU-bound file work: threads and one channel").
///
/// Senders block while `capacity` elements wait; receivers block until an element comes. Either side can end it:
/// the sending side with ``close(failure:)`` (receivers get the elements queued before it, then `nil` or the
/// failure), the receiving side with ``cancel()`` (queued elements are dropped, every later or waiting ``send(_:)``
/// returns `false`, so producers stop).
///
/// ```swift
/// let batches = ThreadChannel<[Row], any Error>(capacity: 2)
/// let producer = WorkerThread.start {
///     for batch in read() { guard batches.send(batch) else { return } }
///     batches.close()
/// }
/// while let batch = try batches.receive() { store(batch) }
/// producer.join()
/// ```
// Unchecked: every stored property but `capacity` is read and written only while `condition` is locked.
package final class ThreadChannel<Element: Sendable, Failure: Error>: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    /// Waiting elements; those before `head` were received (and set to nil).
    private var elements: [Element?] = []
    private var head = 0
    private var closed = false
    private var failure: Failure?
    private var cancelled = false

    /// A channel holding at most `capacity` (at least 1) elements at once.
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Waits for room, then queues `element`; `false` (and `element` dropped) once the receiving side has cancelled
    /// or the channel was closed.
    @discardableResult
    package func send(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while elements.count - head >= capacity && !cancelled && !closed { condition.wait() }
        guard !cancelled && !closed else { return false }
        elements.append(element)
        condition.broadcast()
        return true
    }

    /// Waits for the next element; `nil` once the channel is closed and empty, or cancelled; throws the failure it
    /// was closed with, once the elements queued before it are received.
    package func receive() throws(Failure) -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while head == elements.count && !closed && !cancelled { condition.wait() }
        if let element = takeLocked() { return element }
        if let failure, !cancelled { throw failure }
        return nil
    }

    /// The next element if one is waiting, else `nil` at once.
    package func poll() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        return takeLocked()
    }

    /// Sending side: no more elements; with `failure`, receivers throw it after the elements queued before. Later
    /// calls change nothing.
    package func close(failure: Failure? = nil) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        closed = true
        self.failure = failure
        condition.broadcast()
    }

    /// Receiving side: stops the senders. Queued elements are dropped; every waiting or later `send` returns `false`
    /// and every `receive` returns `nil`.
    package func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        elements.removeAll()
        head = 0
        condition.broadcast()
    }

    /// Whether the receiving side has cancelled (a producer may check it between costly steps).
    package var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// The element at `head`, taken out, with `condition` locked.
    private func takeLocked() -> Element? {
        guard !cancelled, head < elements.count else { return nil }
        let element = elements[head].take()
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        }
        condition.broadcast()
        return element
    }
}
