package import Foundation

/// `POST /v1/enrollments`: the one-time enrollment code a researcher gave the participant.
package struct EnrollmentRequest: Codable, Sendable, Equatable {
    /// The code as typed (case, dashes and spaces do not matter).
    package var code: String
    /// Only for this participant: a store enrolled already, enrolled again as a new device, names its participant, and
    /// a code of anyone else is refused and stays unused.
    package var participant: UUID?

    /// A request for `code`.
    package init(code: String, participant: UUID? = nil) {
        self.code = code
        self.participant = participant
    }
}
