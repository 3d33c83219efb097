package import Foundation

/// One enrolled device, as `study devices` lists it.
package struct DeviceRow: Sendable, Hashable {
    /// The device's id (kept in its store).
    package var id: UUID
    /// When it was enrolled.
    package var enrolledAt: Date
    /// The last number of its outbox the server acknowledged.
    package var ackedLocalSeq: Int64
    /// When it last synced.
    package var lastSyncAt: Date?
    /// How far its clock was ahead of the server's at its last sync, in milliseconds (negative: behind).
    package var clockOffsetMilliseconds: Int64?
    /// Its access to the study service.
    package var access: Access = .none
    /// When its token was last used (to the minute: docs/study-service.md, "Tokens").
    package var tokenLastUsedAt: Date?

    /// A device's access to the study service.
    package enum Access: Sendable, Hashable {
        /// No token: enrolled before the service, or from an enrollment bundle.
        case none
        /// A live token.
        case active
        /// Revoked at this instant: its requests are refused.
        case revoked(Date)
    }
}
