package import Foundation

/// `GET /v1/device`: what the study knows of the calling device.
package struct DeviceStatus: Codable, Sendable, Equatable {
    /// The device's id.
    package var device: UUID
    /// The study's id.
    package var study: String
    /// The participant's label.
    package var participant: String
    /// When the device was enrolled.
    package var enrolledDate: Date
    /// When it last synced, by the server's clock.
    package var lastSyncDate: Date?
    /// The last outbox number the study holds for it.
    package var acknowledged: Int64
    /// The participant's newest row number: a device whose anchor is below it has rows to pull.
    package var anchor: Int64

    /// A status.
    package init(
        device: UUID, study: String, participant: String, enrolledDate: Date, lastSyncDate: Date?, acknowledged: Int64,
        anchor: Int64
    ) {
        self.device = device
        self.study = study
        self.participant = participant
        self.enrolledDate = enrolledDate
        self.lastSyncDate = lastSyncDate
        self.acknowledged = acknowledged
        self.anchor = anchor
    }
}
