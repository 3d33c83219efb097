package import Foundation

/// Who a bearer token speaks for: its device and the device's participant. The service takes both from the token,
/// never from a request.
package struct DeviceCredential: Sendable, Hashable {
    /// The device.
    package var deviceID: UUID
    /// The device's participant.
    package var participantID: UUID
    /// Whether the study team revoked it.
    package var revoked: Bool
}
