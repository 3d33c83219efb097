package import Foundation

/// One write an `IngestLedger` decided; the store applies them in order (an `end` or `markReplaced` may name a row
/// inserted earlier in the same batch).
package enum IngestWrite: Sendable, Hashable {
    /// Store a new outcome row (its values included).
    case insert(Outcome)
    /// End the live row `uuid` at `at` for `reason` (no change when it is no longer live).
    case end(uuid: UUID, at: Date, reason: OutcomeEndReason)
    /// Mark the ended row `uuid` as replaced: it is no longer the current version of its outcome.
    case markReplaced(uuid: UUID)
}
