package import Foundation

/// How a store is bound to a study participant and device, and where its sync stands (docs/study-sync.md, "The
/// device's store").
package struct StudyEnrollment: Sendable, Hashable {
    /// The device's id, issued at enrollment and never regenerated for this store.
    package var deviceID: UUID
    /// The participant's id in the study database.
    package var participantID: UUID
    /// The participant's label.
    package var participantLabel: String
    /// The study's id.
    package var studyID: String
    /// The participant's home time zone (their schedules').
    package var homeTimeZone: String
    /// The study database's URL, as given at enrollment (kept in the owner-only store; never printed with its
    /// password).
    package var databaseURL: String
    /// When the device was enrolled.
    package var enrolledDate: Date
    /// The last outbox number the server acknowledged.
    package var pushedSeq: Int64 = 0
    /// The server number of the last row pulled (the anchor).
    package var pulledSeq: Int64 = 0
    /// When the last sync finished.
    package var lastSyncDate: Date?
    /// How far this device's clock was ahead of the server's at the last sync, in seconds.
    package var clockOffset: TimeInterval?

    /// Creates an enrollment record (nothing pushed or pulled yet).
    package init(
        deviceID: UUID, participantID: UUID, participantLabel: String, studyID: String, homeTimeZone: String,
        databaseURL: String, enrolledDate: Date
    ) {
        self.deviceID = deviceID
        self.participantID = participantID
        self.participantLabel = participantLabel
        self.studyID = studyID
        self.homeTimeZone = homeTimeZone
        self.databaseURL = databaseURL
        self.enrolledDate = enrolledDate
    }
}
