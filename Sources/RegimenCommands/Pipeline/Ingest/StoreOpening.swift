import CareStore
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Opens a store on another thread (creating and migrating a new file waits on the disk) while the caller does other
/// work, such as walking the folders to ingest; `store()` waits for it. A missing store is staged: filled under a
/// hidden name and put in place by `CareStore.publish()` once the ingest is done.
final class StoreOpening: Sendable {
    private let result = Mutex<Result<CareStore, CareStoreError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts opening (or creating) the store file at `path`.
    init(path: String) {
        // A thread of its own, at a lower priority than the command's others (Linux: a thread's nice value is its own):
        // the folder walk and the survey load come first, since reading waits for both, while the store is wanted
        // only at the first batch, a batch of files later.
        let thread = Thread { [self] in
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            let opened = Result { () throws(CareStoreError) in try CareStore(path: path, connection: .staged) }
            result.withLock { $0 = opened }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the opening to end and drops the store unused: a new store's hidden file is removed before this
    /// returns, not left behind by a process that exits before the opening thread lets go of the store.
    func abandon() {
        done.wait()
        let opened = result.withLock { value in
            defer { value = nil }
            return value
        }
        if case .success(let store) = opened { store.discard() }
    }

    /// The opened store, or why it could not be opened (waits until known; the same answer every time).
    func store() throws(CareStoreError) -> CareStore {
        done.wait()
        // Set before the signal, so present once waited for.
        guard let opened = result.withLock({ $0 }) else { throw .cannotOpen(path: "", reason: "opening did not finish") }
        return try opened.get()
    }
}
