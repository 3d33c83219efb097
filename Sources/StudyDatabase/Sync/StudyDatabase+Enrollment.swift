package import Foundation

extension StudyDatabase {
    /// How long an enrollment code stays valid.
    package static let enrollmentCodeLifetime: TimeInterval = 14 * 86_400

    /// Issues a new one-time enrollment code for participant `label` (enrolled, not withdrawn), valid for
    /// `enrollmentCodeLifetime` by the server's clock. Only its digest is stored.
    package func issueEnrollmentCode(label: String) async throws(StudyDatabaseError) -> (
        code: EnrollmentCode, expiresAt: Date
    ) {
        let studyID = studyID
        return try await Self.inTransaction(connection, "issue enrollment codes") {
            connection async throws(StudyDatabaseError) in
            guard let participant = try await ParticipantTable.find(label: label, studyID: studyID, connection) else {
                throw .participantNotFound(label: label)
            }
            if let withdrawn = participant.withdrawnAt {
                throw .participantWithdrawn(label: label, withdrawnAt: withdrawn)
            }
            let issued = try await Self.issueCode(participantID: participant.id, connection)
            try await AuditEventTable.insert(
                studyID: studyID, actor: nil, action: "code", deviceID: nil, detail: "participant \(label)", connection)
            return issued
        }
    }

    /// A new code for participant `participantID`, stored in the transaction of `connection`.
    static func issueCode(participantID: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError) -> (
        code: EnrollmentCode, expiresAt: Date
    ) {
        let code = EnrollmentCode.random()
        let expires = try await EnrollmentCodeTable.insert(
            digest: code.digest, participantID: participantID, lifetime: Int(enrollmentCodeLifetime), connection)
        return (code, expires)
    }

    /// Uses enrollment code `code` for a new device of its participant, in the transaction of `connection`
    /// (`enrollDeviceWithToken` issues its token beside it). An unknown, used or expired code is
    /// `enrollmentCodeInvalid`; a withdrawn participant's is refused and stays unused. When `participantID` is given
    /// (the store is enrolled already), a code of another participant is refused and stays unused.
    static func enrollDevice(
        code: EnrollmentCode, requiring participantID: UUID?, studyID: String, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> DeviceEnrollment {
        let deviceID = UUID()
        guard let owner = try await EnrollmentCodeTable.use(digest: code.digest, deviceID: deviceID, connection),
            let participant = try await ParticipantTable.find(id: owner, studyID: studyID, connection)
        else { throw .enrollmentCodeInvalid }
        if let withdrawn = participant.withdrawnAt {
            throw .participantWithdrawn(label: participant.label, withdrawnAt: withdrawn)
        }
        if let participantID, participantID != participant.id { throw .enrollmentCodeInvalid }
        try await DeviceTable.insert(id: deviceID, participantID: participant.id, connection)
        return DeviceEnrollment(deviceID: deviceID, participant: participant, studyID: studyID)
    }
}
