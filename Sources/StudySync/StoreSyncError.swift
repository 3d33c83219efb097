import CareStore
import StudyDatabase

/// Why a sync stopped: the store or the study database failed. Worded in one place with the commands' other errors
/// (StudyCommands' `ErrorReporter`).
package enum StoreSyncError: Error, Sendable, Equatable {
    /// The care store failed.
    case store(CareStoreError)
    /// The study database failed or refused.
    case database(StudyDatabaseError)
}
