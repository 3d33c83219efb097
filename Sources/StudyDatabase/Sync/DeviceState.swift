package import Foundation

/// What the study knows of one device, as the service's status route reports it to the device itself.
package struct DeviceState: Sendable, Hashable {
    /// The device.
    package var deviceID: UUID
    /// Its participant's label.
    package var participantLabel: String
    /// When it was enrolled.
    package var enrolledAt: Date
    /// When it last synced.
    package var lastSyncAt: Date?
    /// The last outbox number acknowledged.
    package var ackedLocalSeq: Int64
    /// The participant's newest row number.
    package var participantSeq: Int64
}
