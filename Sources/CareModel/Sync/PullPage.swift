import Foundation

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
