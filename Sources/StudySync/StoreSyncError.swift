package import CareStore
package import StudyClient
package import StudyDatabase

/// Why a sync stopped: the store, the study service, or (for a researcher's import) the study database failed.
/// Worded in one place with the commands' other errors (StudyCommands' `ErrorReporter`).
package enum StoreSyncError: Error, Sendable, Equatable {
    /// The care store failed.
    case store(CareStoreError)
    /// The study service failed or refused.
    case service(StudyClientError)
    /// The study database failed or refused.
    case database(StudyDatabaseError)
}
