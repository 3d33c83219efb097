import CareModel
import Foundation
import Synchronization

/// Decoded task versions by version uuid. Task rows are never updated (a change is a new row), so a decoded version
/// stays valid for the life of the store; this saves decoding every schedule on every query.
final class TaskCache: Sendable {
    private let entries = Mutex<[String: CareTask]>([:])
    private let limit = 20_000

    /// The cached version with `uuid`, if any.
    func task(uuid: String) -> CareTask? { entries.withLock { $0[uuid] } }

    /// Remembers a decoded version (the cache is emptied when it grows past its limit).
    func store(_ task: CareTask, uuid: String) {
        entries.withLock { entries in
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[uuid] = task
        }
    }
}
