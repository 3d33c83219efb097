import Dispatch
import RegimenCommands

/// Runs async work from a synchronous command (the command tree is synchronous; the study database's client is
/// async): starts `body` in a task and blocks this thread until it finishes. The work runs on the concurrency pool and
/// PostgresNIO's event loop threads, never on the waiting thread, so this cannot deadlock.
func waitFor<Result: Sendable>(_ body: @escaping @Sendable () async throws(RegimenError) -> Result) throws(RegimenError) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do throws(RegimenError) {
            box.result = .success(try await body())
        } catch {
            box.result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    guard let result = box.result else { throw .failure("internal error: async work ended without a result") }
    return try result.get()
}

/// The result handed from the task to the waiting thread (the semaphore orders the write before the read).
private final class ResultBox<Result: Sendable>: @unchecked Sendable {
    var result: Swift.Result<Result, RegimenError>?
}
