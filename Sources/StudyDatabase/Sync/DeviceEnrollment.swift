package import Foundation

/// A device bound to a participant: what `regimen enroll` keeps in the store (docs/study-sync.md, "Enrollment").
package struct DeviceEnrollment: Sendable, Hashable {
    /// The new device's id, never regenerated for the store.
    package var deviceID: UUID
    /// The participant.
    package var participant: Participant
    /// The study's id.
    package var studyID: String
}
