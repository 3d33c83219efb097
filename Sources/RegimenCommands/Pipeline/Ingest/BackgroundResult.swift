import RegimenFoundation
import Synchronization

/// A value worked out on a thread of its own (`WorkerThread`) while the caller does other work (`regimen ingest` walks
/// its folders and opens its store this way); asking for it waits until it is there.
final class BackgroundResult<Value: Sendable>: Sendable {
    /// Where the worker leaves the value; received once, into `received`.
    private let channel = ThreadChannel<Value, Never>(capacity: 1)
    /// The value once received from the channel, nil before and once taken.
    private let received = Mutex<Value?>(nil)

    /// Starts `work` on a new thread; `nice` above 0 runs it at that much lower a priority than the caller's threads.
    init(nice: Int32 = 0, _ work: @escaping @Sendable () -> Value) {
        _ = WorkerThread.start(nice: nice) { [channel] in
            channel.send(work())
            channel.close()
        }
    }

    /// The value (waits until it is there); nil once taken.
    func value() -> Value? {
        received.withLock { value in
            if value == nil, let sent = channel.receive() { value = sent }
            return value
        }
    }

    /// The value, taken out so that it is let go with the caller's copy (waits until it is there; nil once taken).
    func take() -> Value? {
        received.withLock { value in
            if value == nil, let sent = channel.receive() { value = sent }
            defer { value = nil }
            return value
        }
    }

    /// The value if the work has ended, else nil (does not wait).
    func peek() -> Value? {
        received.withLock { value in
            if value == nil, let sent = channel.poll() { value = sent }
            return value
        }
    }
}
