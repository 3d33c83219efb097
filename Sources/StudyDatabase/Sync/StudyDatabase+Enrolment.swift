package import Foundation

extension StudyDatabase {
    /// How long an enrolment code stays valid.
    package static let enrolmentCodeLifetime: TimeInterval = 14 * 86_400

    /// Issues a new one-time enrolment code for participant `label` (enrolled, not withdrawn), valid for
    /// `enrolmentCodeLifetime` by the server's clock. Only its digest is stored.
    package func issueEnrolmentCode(label: String) async throws(StudyDatabaseError) -> (code: EnrolmentCode, expiresAt: Date) {
        let studyID = studyID
        return try await Self.inTransaction(connection, "issue enrolment codes") { connection async throws(StudyDatabaseError) in
            guard let participant = try await ParticipantTable.find(label: label, studyID: studyID, connection) else {
                throw .participantNotFound(label: label)
            }
            if let withdrawn = participant.withdrawnAt { throw .participantWithdrawn(label: label, withdrawnAt: withdrawn) }
            let issued = try await Self.issueCode(participantID: participant.id, connection)
            try await AuditEventTable.insert(
                studyID: studyID, actor: nil, action: "code", deviceID: nil, detail: "participant \(label)", connection)
            return issued
        }
    }

    /// A new code for participant `participantID`, stored in the transaction of `connection`.
    static func issueCode(participantID: UUID, _ connection: StudyConnection) async throws(StudyDatabaseError) -> (code: EnrolmentCode, expiresAt: Date) {
        let code = EnrolmentCode.random()
        let expires = try await EnrolmentCodeTable.insert(
            digest: code.digest, participantID: participantID, lifetime: Int(enrolmentCodeLifetime), connection)
        return (code, expires)
    }

    /// Uses enrolment code `code` for a new device of its participant, in the transaction of `connection`
    /// (`enrolDeviceWithToken` issues its token beside it). An unknown, used or expired code is `enrolmentCodeInvalid`;
    /// a withdrawn participant's is refused and stays unused. When `participantID` is given (the store is enrolled
    /// already), a code of another participant is refused and stays unused.
    static func enrolDevice(
        code: EnrolmentCode, requiring participantID: UUID?, studyID: String, _ connection: StudyConnection
    ) async throws(StudyDatabaseError) -> DeviceEnrolment {
        let deviceID = UUID()
        guard let owner = try await EnrolmentCodeTable.use(digest: code.digest, deviceID: deviceID, connection),
            let participant = try await ParticipantTable.find(id: owner, studyID: studyID, connection)
        else { throw .enrolmentCodeInvalid }
        if let withdrawn = participant.withdrawnAt {
            throw .participantWithdrawn(label: participant.label, withdrawnAt: withdrawn)
        }
        if let participantID, participantID != participant.id { throw .enrolmentCodeInvalid }
        try await DeviceTable.insert(id: deviceID, participantID: participant.id, connection)
        return DeviceEnrolment(deviceID: deviceID, participant: participant, studyID: studyID)
    }
}
