package import Foundation

/// One logged conflict, as `study conflicts` lists it.
package struct ConflictRow: Sendable, Hashable {
    /// The participant's label.
    package var participant: String
    /// When the server decided.
    package var decidedAt: Date
    /// The rule (`OutcomeMerge.Rule`'s raw value).
    package var rule: String
    /// The version that won.
    package var winner: UUID
    /// The version that lost.
    package var loser: UUID
    /// The device whose push it was decided in; nil for a decision outside a push.
    package var deviceID: UUID?
    /// The task of the loser's event.
    package var taskID: String?
    /// The occurrence of the loser's event.
    package var occurrence: Int?
}
