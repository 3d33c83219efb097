import GRDB
import RegimenFoundation
import Synchronization

/// The hand-over between an ingest transaction's two threads (docs/performance.md, "Storing on two threads"): the
/// deciding thread runs the ingest rules and builds the rows' arguments, and queues every database access here, in
/// order; the database's own thread runs them (`serve`), so SQLite executes one batch of rows while the next is built,
/// and the connection is only ever used on its own thread. The jobs travel over a `ThreadChannel`.
///
/// Writes are queued and not waited for (at most `capacity` at a time, which bounds the memory of rows in flight);
/// reads (`ask`) wait for their answer, after every write queued before them. After a queued write fails, no later job
/// runs: the deciding thread's next `send` or `ask` throws `IngestPipeError.stopped`, and `serve` throws the failure,
/// so the transaction rolls back.
final class IngestPipe: Sendable {
    /// One database access, run on the database's thread.
    typealias Job = (Database) throws -> Void

    private let jobs: ThreadChannel<HandedJob, Never>
    /// Set by the database's thread once a job failed.
    private let stopped = Atomic<Bool>(false)

    /// A pipe letting at most `capacity` jobs wait. One is enough to keep SQLite busy while the next rows are built,
    /// since a statement's rows take longer to write than to build; more only hold more rows in memory (measured side
    /// by side: 1, 2 and 4 equally fast; docs/performance.md, "Storing on two threads").
    init(capacity: Int = 1) {
        jobs = ThreadChannel(capacity: capacity)
    }

    /// Deciding thread: queues `job` after those before it; waits while `capacity` jobs wait. Throws
    /// `IngestPipeError.stopped` once a queued job has failed.
    func send(_ job: @escaping Job) throws {
        try hand(HandedJob(run: job, abandon: nil))
    }

    /// Deciding thread: runs `read` on the database's thread after every job queued before it and returns its result,
    /// or throws its error (a read's error does not stop the pipe: the deciding thread decides what it means).
    func ask<T: Sendable>(_ read: @escaping (Database) throws -> T) throws -> T {
        let reply = ThreadChannel<Result<T, any Error>, Never>(capacity: 1)
        try hand(
            HandedJob(
                run: { db in
                    reply.send(Result { try read(db) })
                    reply.close()
                },
                abandon: { reply.close() }))
        guard let answer = reply.receive() else { throw IngestPipeError.stopped }
        return try answer.get()
    }

    /// Deciding thread: no more jobs will come; `serve` returns once the queued ones have run. Called exactly once.
    func finish() {
        jobs.close()
    }

    /// Database thread: runs the queued jobs in order until `finish`, then throws the first failure of a job, if any.
    /// Jobs queued after a failure are not run (a read among them answers `IngestPipeError.stopped`).
    func serve(_ db: Database) throws {
        var failure: (any Error)?
        while let job = jobs.receive() {
            guard failure == nil else {
                job.abandon?()
                continue
            }
            do {
                try job.run(db)
            } catch {
                failure = error
                stopped.store(true, ordering: .relaxed)
            }
        }
        if let failure { throw failure }
    }

    private func hand(_ job: HandedJob) throws {
        // A job sent after a failure is not run either way; this only spares building it.
        guard !stopped.load(ordering: .relaxed), jobs.send(job) else { throw IngestPipeError.stopped }
    }

    /// A job on its way to the database's thread. Unchecked: the deciding thread makes it and lets go of it when it is
    /// sent; the job and what it captures are then used on the database's thread only (a read hands its answer back
    /// over a channel of its own).
    private struct HandedJob: @unchecked Sendable {
        let run: Job
        /// For a read: answers its asker when the job is not run.
        let abandon: (() -> Void)?
    }
}

/// Why the deciding thread of an ingest transaction stopped early.
enum IngestPipeError: Error {
    /// A queued database write failed; `IngestPipe.serve` throws that failure.
    case stopped
}
