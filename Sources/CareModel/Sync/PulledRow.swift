import Foundation

/// One row a device pulls from the study database, in the participant's server order (docs/study-sync.md, "Pull"):
/// a task version, or an outcome version in its current state (live, or ended with its reason).
package enum PulledRow: Sendable, Hashable {
    /// A task version made by publishing.
    case task(CareTask)
    /// An outcome version with its values and its state as the server decided it.
    case outcome(Outcome)
}

/// A page of pulled rows and the anchor after it: the server number of its last row.
package struct PullPage: Sendable, Hashable {
    /// The rows, in server order.
    package var rows: [PulledRow]
    /// The number to pull after next time (the last row's; the anchor asked with when the page is empty).
    package var anchor: Int64

    /// Creates a page.
    package init(rows: [PulledRow], anchor: Int64) {
        self.rows = rows
        self.anchor = anchor
    }
}
