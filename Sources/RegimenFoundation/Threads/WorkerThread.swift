import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A thread of its own for CPU-bound file work, and a way to wait for its end (docs/concurrency.md, "CPU-bound file
/// work: threads and one channel"). A thread rather than a worker of Dispatch's global queue, which started 1–6 ms
/// after it was asked for, and rather than a task, which would hold one of the cooperative pool's threads while it
/// reads or blocks.
package struct WorkerThread: Sendable {
    private let ended: ThreadChannel<Never, Never>

    /// Starts `body` on a new thread with a stack of `stackSize` bytes (nil: the system's default); `nice` above 0
    /// runs it at that much lower a priority than the caller's threads (Linux: a nice value is a thread's own).
    package static func start(
        stackSize: Int? = nil, nice: Int32 = 0, _ body: @escaping @Sendable () -> Void
    ) -> WorkerThread {
        let ended = ThreadChannel<Never, Never>(capacity: 1)
        let thread = Thread {
            if nice > 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) }
            body()
            ended.close()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
        return WorkerThread(ended: ended)
    }

    /// Waits until the thread's body has returned.
    package func join() {
        _ = ended.receive()
    }
}
