package import Foundation

/// The answer to an enrollment: the new device, its bearer token (shown once; the study keeps only its digest), and the
/// participant it belongs to.
package struct EnrollmentResponse: Codable, Sendable, Equatable {
    /// The new device's id.
    package var device: UUID
    /// The device's bearer token: 256 random bits.
    package var token: String
    /// The study's id.
    package var study: String
    /// The participant's id in the study.
    package var participantID: UUID
    /// The participant's label.
    package var participant: String
    /// The participant's home time zone.
    package var homeTimeZone: String
    /// When the participant was enrolled in the study.
    package var participantEnrolledDate: Date

    /// An answer.
    package init(
        device: UUID, token: String, study: String, participantID: UUID, participant: String, homeTimeZone: String,
        participantEnrolledDate: Date
    ) {
        self.device = device
        self.token = token
        self.study = study
        self.participantID = participantID
        self.participant = participant
        self.homeTimeZone = homeTimeZone
        self.participantEnrolledDate = participantEnrolledDate
    }
}
