package import Foundation

/// One change a device pushes to the study database, numbered by the device's own outbox (docs/study-sync.md,
/// "Push"): a new outcome version written on the device, or the participant's deletion of one.
package struct DeviceChange: Sendable, Hashable {
    /// What changed.
    package enum Kind: Sendable, Hashable {
        /// A new outcome version (a run's answers, a replacement, an ingested result), as first written.
        case version(Outcome)
        /// The participant deleted outcome version `uuid` at `at`.
        case delete(uuid: UUID, at: Date)
    }

    /// The device's outbox number of the change: consecutive, never reused by one store.
    package var localSeq: Int64
    /// What changed.
    package var kind: Kind

    /// Creates a change.
    package init(localSeq: Int64, kind: Kind) {
        self.localSeq = localSeq
        self.kind = kind
    }

    /// The outcome version it names.
    package var outcomeUUID: UUID {
        switch kind {
        case .version(let outcome): outcome.uuid
        case .delete(let uuid, _): uuid
        }
    }

    /// `version` or `delete`: how the server's log of acknowledged changes names the kind.
    package var kindName: String {
        switch kind {
        case .version: "version"
        case .delete: "delete"
        }
    }
}
