package import CareModel
import Foundation

/// One entry of the change feed (`CareStore.changes(since:)`), in commit order.
package struct OutcomeChange: Sendable, Hashable {
    /// What happened to the outcome.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A new outcome id became live.
        case added
        /// A new version of an outcome id became live (upsert by `outcome.id`).
        case replaced
        /// The outcome was deleted (remove by `outcome.id`).
        case deleted
        /// Another run took the outcome's event; the outcome is kept, listed by `supersededOutcomes`.
        case superseded
    }

    /// Position in the feed; strictly increasing.
    package var sequence: Int64
    /// What happened.
    package var kind: Kind
    /// The outcome row concerned (the new version for added/replaced, the ended one for deleted/superseded).
    package var outcome: Outcome

    /// Creates a change.
    package init(sequence: Int64, kind: Kind, outcome: Outcome) {
        self.sequence = sequence
        self.kind = kind
        self.outcome = outcome
    }
}

/// A position in the change feed: ask for the changes after it. The empty anchor (0) is before every change.
public struct ChangeAnchor: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The sequence number of the last change seen (0: none).
    package var sequence: Int64

    /// Creates an anchor after change `sequence`.
    package init(sequence: Int64) { self.sequence = sequence }

    /// The anchor before every change.
    package static let empty = ChangeAnchor(sequence: 0)

    /// Parses the text form (a non-negative decimal number), or nil.
    package init?(_ text: String) {
        guard let number = Int64(text), number >= 0 else { return nil }
        sequence = number
    }

    /// The text form, e.g. "42".
    public var description: String { String(sequence) }

    /// Orders anchors by position.
    public static func < (lhs: ChangeAnchor, rhs: ChangeAnchor) -> Bool { lhs.sequence < rhs.sequence }
}

/// Changes after an anchor and the anchor to pass next time.
package struct ChangeBatch: Sendable, Hashable {
    /// The changes, oldest first.
    package var changes: [OutcomeChange]
    /// The anchor after the last returned change (the given anchor when there were none).
    package var anchor: ChangeAnchor

    /// Creates a batch.
    package init(changes: [OutcomeChange], anchor: ChangeAnchor) {
        self.changes = changes
        self.anchor = anchor
    }
}
