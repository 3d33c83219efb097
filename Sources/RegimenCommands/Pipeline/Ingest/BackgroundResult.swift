import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A value worked out on a thread of its own while the caller does other work (`regimen ingest` walks its folders and
/// opens its store this way); asking for it waits until it is there. A thread of its own rather than a worker of
/// Dispatch's global queue: such a worker was started 1–6 ms after it was asked for, and a lowered priority would stay
/// with a pooled thread.
final class BackgroundResult<Value: Sendable>: Sendable {
    private let result = Mutex<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` on a new thread; `nice` above 0 runs it at that much lower a priority than the caller's threads
    /// (Linux: a nice value is a thread's own, and the thread ends with the work).
    init(nice: Int32 = 0, _ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            if nice > 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) }
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.start()
    }

    /// The value (waits until it is there); nil once taken.
    func value() -> Value? {
        waitOnce()
        return result.withLock { $0 }
    }

    /// The value, taken out so that it is let go with the caller's copy (waits until it is there; nil once taken).
    func take() -> Value? {
        waitOnce()
        return result.withLock { value in
            defer { value = nil }
            return value
        }
    }

    /// The value if the work has ended, else nil (does not wait).
    func peek() -> Value? {
        result.withLock { $0 }
    }

    /// Waits for the work to end; later calls return at once.
    private func waitOnce() {
        done.wait()
        done.signal()
    }
}
