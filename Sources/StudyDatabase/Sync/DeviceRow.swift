import Foundation

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
}
