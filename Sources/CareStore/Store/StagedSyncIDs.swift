import CareModel
import Synchronization

/// The sync identifiers a store filled unseen (`.staged`) was given by its ingests, as hashes: a new result's sync
/// identifier that none of them has is in no row of the store, so a batch's first read of the newest row of each sync
/// identifier (`SQLiteIngestSource.newestOutcomes`) looks up only the others (docs/performance.md, "A new store's sync
/// identifiers"). With random run UUIDs those lookups were each a search of the sync index, a tenth of the database
/// thread's work. The record holds only while every outcome row came from those ingests: each batch checks that the
/// outcome table's last `seq` is the one the last recorded batch left, and otherwise the record is dropped for good
/// (every identifier is looked up again). Two identifiers of one hash only cost a lookup.
final class StagedSyncIDs: Sendable {
    private struct State {
        var hashes: Set<Int> = []
        /// The outcome table's last `seq` after the last batch recorded (0: no outcome yet); nil once dropped.
        var lastSeq: Int? = 0
    }

    private let state = Mutex(State())

    /// Nothing recorded, for a store that holds no outcome yet.
    init() {}

    /// The record, when it holds for a store whose outcome table's last `seq` is `lastSeq`; else nil, and dropped.
    func current(lastSeq: Int) -> StagedSyncIDs? {
        state.withLock { state in
            guard state.lastSeq == lastSeq else {
                state.lastSeq = nil
                state.hashes = []
                return false
            }
            return true
        } ? self : nil
    }

    /// The identifiers of `syncIDs` that some recorded batch may have written.
    func mayHold(_ syncIDs: [String]) -> [String] {
        state.withLock { state in syncIDs.filter { state.hashes.contains($0.hashValue) } }
    }

    /// Records a committed batch of `items`, after which the outcome table's last `seq` is `lastSeq` (unless the
    /// record was dropped).
    func record(_ items: ArraySlice<OutcomeIngest>, lastSeq: Int) {
        state.withLock { state in
            guard state.lastSeq != nil else { return }
            for item in items { state.hashes.insert(item.syncID.hashValue) }
            state.lastSeq = lastSeq
        }
    }
}
