import Foundation

/// One row a device pulls from the study database, in the participant's server order (docs/study-sync.md, "Pull"):
/// a task version, or an outcome version in its current state (live, or ended with its reason).
package enum PulledRow: Sendable, Hashable {
    /// A task version made by publishing.
    case task(CareTask)
    /// An outcome version with its values and its state as the server decided it.
    case outcome(Outcome)
}

/// A page of pulled rows: the anchor it was read after, its rows, and the anchor after it (its last row's number).
package struct PullPage: Sendable, Hashable {
    /// The anchor the page was read after: a store applies it only while that is still its own anchor.
    package var after: Int64
    /// The rows, in server order.
    package var rows: [PulledRow]
    /// The number to pull after next time (the last row's; `after` when the page is empty).
    package var anchor: Int64

    /// Creates a page.
    package init(after: Int64, rows: [PulledRow], anchor: Int64) {
        self.after = after
        self.rows = rows
        self.anchor = anchor
    }
}
