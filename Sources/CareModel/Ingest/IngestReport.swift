package import Foundation

/// What ingesting one result did (`CareStore.ingest`, `IngestLedger`).
package struct IngestReport: Sendable, Hashable {
    /// The decision taken.
    package var disposition: IngestDisposition
    /// The outcome now stored for the sync identifier (the new one, or the one already there when unchanged/older).
    package var outcomeUUID: UUID
    /// The task version of its event.
    package var taskVersionUUID: UUID
    /// The occurrence of its event.
    package var occurrence: Int
    /// Set when two runs contested the event: the outcome that lost it (this result's or the previous holder's),
    /// kept and listed by `supersededOutcomes`.
    package var superseded: SupersededOutcome?

    /// Creates a report.
    package init(
        disposition: IngestDisposition, outcomeUUID: UUID, taskVersionUUID: UUID, occurrence: Int,
        superseded: SupersededOutcome? = nil
    ) {
        self.disposition = disposition
        self.outcomeUUID = outcomeUUID
        self.taskVersionUUID = taskVersionUUID
        self.occurrence = occurrence
        self.superseded = superseded
    }
}

/// The decision for one ingested result.
package enum IngestDisposition: Sendable, Hashable {
    /// A new outcome was stored (it may itself be superseded, see `IngestReport.superseded`).
    case added
    /// The same sync identifier and version is already stored; nothing changed.
    case unchanged
    /// A higher version is already stored; the offered one was ignored.
    case olderVersion(stored: Int, offered: Int)
    /// A higher version replaced the stored outcome (same outcome id).
    case replaced(previousVersion: Int)
}

/// An outcome that lost its event to another run that ended later.
package struct SupersededOutcome: Sendable, Hashable {
    /// The superseded outcome row.
    package var uuid: UUID
    /// Its sync identifier.
    package var syncID: String?
    /// True when it is the result being ingested (false: the event's previous holder).
    package var isIngested: Bool

    /// Creates a description.
    package init(uuid: UUID, syncID: String?, isIngested: Bool) {
        self.uuid = uuid
        self.syncID = syncID
        self.isIngested = isIngested
    }
}
