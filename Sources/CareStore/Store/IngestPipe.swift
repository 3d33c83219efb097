import Foundation
import GRDB

/// The hand-over between an ingest transaction's two threads (docs/performance.md, "Storing on two threads"): the
/// deciding thread runs the ingest rules and builds the rows' arguments, and queues every database access here, in
/// order; the database's own thread runs them (`serve`), so SQLite executes one batch of rows while the next is built,
/// and the connection is only ever used on its own thread.
///
/// Writes are queued and not waited for (at most `capacity` at a time, which bounds the memory of rows in flight);
/// reads (`ask`) wait for their answer, after every write queued before them. After a queued write fails, no later job
/// runs: the deciding thread's next `send` or `ask` throws `IngestPipeError.stopped`, and `serve` throws the failure,
/// so the transaction rolls back.
final class IngestPipe: @unchecked Sendable {
    /// One database access, run on the database's thread.
    typealias Job = (Database) throws -> Void

    private let condition = NSCondition()
    /// Queued jobs; those before `head` have been taken (and set to nil).
    private var jobs: [Job?] = []
    private var head = 0
    private var finished = false
    private var failure: (any Error)?
    /// Jobs that may wait at once.
    private let capacity: Int

    /// A pipe letting at most `capacity` jobs wait. One is enough to keep SQLite busy while the next rows are built,
    /// since a statement's rows take longer to write than to build; more only hold more rows in memory (measured side
    /// by side: 1, 2 and 4 equally fast; docs/performance.md, "Storing on two threads").
    init(capacity: Int = 1) {
        self.capacity = capacity
    }

    /// Deciding thread: queues `job` after those before it; waits while `capacity` jobs wait. Throws
    /// `IngestPipeError.stopped` once a queued job has failed.
    func send(_ job: @escaping Job) throws {
        condition.lock()
        defer { condition.unlock() }
        while jobs.count - head >= capacity, failure == nil { condition.wait() }
        guard failure == nil else { throw IngestPipeError.stopped }
        jobs.append(job)
        condition.broadcast()
    }

    /// Deciding thread: runs `read` on the database's thread after every job queued before it and returns its result,
    /// or throws its error (a read's error does not stop the pipe: the deciding thread decides what it means).
    func ask<T>(_ read: @escaping (Database) throws -> T) throws -> T {
        let reply = Reply<T>()
        try send { [condition] db in
            let result = Result { try read(db) }
            // Under the lock: this thread may be woken by any job's end and look at the reply while it is written.
            condition.lock()
            reply.result = result
            condition.unlock()
        }
        condition.lock()
        defer { condition.unlock() }
        while reply.result == nil, failure == nil { condition.wait() }
        guard let result = reply.result else { throw IngestPipeError.stopped }
        return try result.get()
    }

    /// Deciding thread: no more jobs will come; `serve` returns once the queued ones have run. Called exactly once.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Database thread: runs the queued jobs in order until `finish`, then throws the first failure of a job, if any.
    /// Jobs queued after a failure are dropped, not run.
    func serve(_ db: Database) throws {
        while true {
            condition.lock()
            while head == jobs.count, !finished { condition.wait() }
            guard head < jobs.count else {
                condition.unlock()
                break
            }
            let job = jobs[head]
            jobs[head] = nil
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            let stopped = failure != nil
            condition.unlock()
            var error: (any Error)?
            if !stopped, let job {
                do { try job(db) } catch let thrown { error = thrown }
            }
            condition.lock()
            if let error, failure == nil { failure = error }
            condition.broadcast()
            condition.unlock()
        }
        if let failure { throw failure }
    }

    /// The answer of one `ask`, written on the database's thread and read on the deciding thread, both under the pipe's
    /// lock.
    private final class Reply<T> {
        var result: Result<T, any Error>?
    }
}

/// Why the deciding thread of an ingest transaction stopped early.
enum IngestPipeError: Error {
    /// A queued database write failed; `IngestPipe.serve` throws that failure.
    case stopped
}
