import CareStore
import SystemPackage

/// Opens a store on another thread (creating and migrating a new file waits on the disk) while the caller does other
/// work, such as walking the folders to ingest; `store()` waits for it. A missing store is staged: filled under a
/// hidden name and put in place by `CareStore.publish()` once the ingest is done. The thread runs at a lower priority
/// than the command's others: the folder walk and the survey load come first, since reading waits for both, while the
/// store is wanted only at the first batch (an ingest that needs it sooner waits for it, and the thread then has a core
/// of its own; docs/performance.md, "Ingest").
final class StoreOpening: Sendable {
    /// The store file being opened.
    private let path: FilePath
    private let opening: BackgroundResult<Result<CareStore, CareStoreError>>

    /// Starts opening (or creating) the store file at `path`.
    init(path: FilePath) {
        self.path = path
        opening = BackgroundResult(nice: 10) {
            Result { () throws(CareStoreError) in try CareStore(path: path, connection: .staged) }
        }
    }

    /// Waits for the opening to end and drops the store unused: a new store's hidden file is removed before this
    /// returns, not left behind by a process that exits before the opening thread lets go of the store.
    func abandon() {
        if case .success(let store) = opening.take() { store.discard() }
    }

    /// Whether the opening has ended in failure already (does not wait): a run reading before the store is open
    /// stops at once rather than after reading.
    var hasFailed: Bool {
        opening.peek().map { if case .failure = $0 { true } else { false } } ?? false
    }

    /// The opened store, or why it could not be opened (waits until known; the same answer every time until
    /// abandoned).
    func store() throws(CareStoreError) -> CareStore {
        guard let opened = opening.value() else { throw .cannotOpen(path: path, reason: "the opening was abandoned") }
        return try opened.get()
    }
}
