/// Why a sync or enrollment bundle cannot be read or written.
package enum SyncBundleError: Error, Sendable, Equatable {
    /// The bundle is not one this program reads: `place` names where (a JSON path, `format`, `version`).
    case malformed(place: String, problem: String)
}
