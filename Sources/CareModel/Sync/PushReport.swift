import Foundation

/// What a push did.
package struct PushReport: Sendable, Hashable {
    /// The last outbox number the server now holds for the device: the store's changes up to it are acknowledged.
    package var acknowledged: Int64
    /// How many of the pushed changes told the server something new: versions it did not have, deletions of versions
    /// not deleted yet (a change sent again, or by a device enrolled anew, tells nothing new).
    package var applied: Int
    /// The conflicts the rule decided in this push.
    package var conflicts: [OutcomeMerge.Conflict]
    /// How far the device's clock was ahead of the server's, in milliseconds (negative: behind); nil when not measured.
    package var clockOffsetMilliseconds: Int64?

    /// A report.
    package init(acknowledged: Int64, applied: Int, conflicts: [OutcomeMerge.Conflict], clockOffsetMilliseconds: Int64?)
    {
        self.acknowledged = acknowledged
        self.applied = applied
        self.conflicts = conflicts
        self.clockOffsetMilliseconds = clockOffsetMilliseconds
    }
}
