package import CareModel
import Foundation

/// An outcome row as researchers' tables read it: the outcome (values in order, sync id and version, end reason) and
/// the zone it was recorded in (docs/study-database.md, "What researchers read").
package struct ReadOutcome: Sendable, Hashable {
    /// The outcome.
    package var outcome: Outcome
    /// The time zone identifier recorded with it, if any.
    package var recordedTimeZone: String?
    /// The UTC offset recorded with it, in seconds, if any.
    package var recordedUTCOffset: Int?

    /// The status researchers see: `current` while live, else the end reason (`replaced`, `superseded`, `deleted`).
    package var status: String { outcome.endReason?.rawValue ?? "current" }
}
