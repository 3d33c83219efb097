import Foundation

extension StudyDatabase {
    /// The devices of participant `label`, oldest first.
    package func devices(label: String) async throws(StudyDatabaseError) -> [DeviceRow] {
        let participant = try await participant(label: label)
        return try await DeviceTable.devices(participantID: participant.id, connection)
    }

    /// Every device of the study (of participant `label` only when given) with its participant's label, by label.
    package func allDevices(label: String?) async throws(StudyDatabaseError) -> [(
        participant: String, device: DeviceRow
    )] {
        if let label { _ = try await participant(label: label) }
        return try await DeviceTable.devices(studyID: studyID, label: label, connection).map { ($0.0, $0.1) }
    }
}
