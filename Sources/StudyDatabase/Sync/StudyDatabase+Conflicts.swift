import Foundation

extension StudyDatabase {
    /// Every logged sync conflict of the study (of participant `label` only when given), oldest first.
    package func conflicts(label: String?) async throws(StudyDatabaseError) -> [ConflictRow] {
        if let label { _ = try await participant(label: label) }
        return try await SyncConflictTable.conflicts(studyID: studyID, label: label, connection)
    }
}
