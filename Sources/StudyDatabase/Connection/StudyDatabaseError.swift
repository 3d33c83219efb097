import Foundation

/// Everything the study database can fail with. `RegimenCommands` words these (ErrorReporter+StudyDatabase); no case
/// carries a password or an answer, and server text (`detail`) is shown only with `--debug`.
package enum StudyDatabaseError: Error, Sendable, Equatable {
    /// The database URL cannot be read (the reason never repeats the URL, which may hold a password).
    case invalidURL(reason: String)
    /// No server answers at `server`.
    case unreachable(server: String, detail: String)
    /// The server refused the login of `user`.
    case authenticationFailed(server: String, user: String)
    /// The server has no database of that name.
    case databaseMissing(server: String, database: String)
    /// The connected role may not do `operation`; `role` is the role in effect.
    case permissionDenied(operation: String, role: String)
    /// `SET ROLE` named a role that does not exist or that the login is not a member of.
    case roleUnavailable(role: String)
    /// The database has no Regimen study schema yet (`regimen study init` creates it).
    case notInitialised(database: String)
    /// The schema is older than this program knows (`regimen study init` migrates it).
    case schemaOutdated(found: Int, current: Int)
    /// The schema is newer than this program knows: a newer Regimen migrated it.
    case schemaTooNew(found: Int, current: Int)
    /// No study has this id (`known` lists those there are).
    case studyNotFound(id: String, known: [String])
    /// The database holds several studies and none was named.
    case studyNotNamed(known: [String])
    /// A study id that cannot be used.
    case invalidStudyID(String)
    /// The connection broke or the server failed while doing `operation`; `detail` is the server's or the library's
    /// text, for `--debug`.
    case failed(operation: String, sqlState: String?, detail: String)
    /// No participant of the study has this label.
    case participantNotFound(label: String)
    /// A participant's stored home zone is not a time zone this system knows.
    case unknownTimeZone(participant: String, zone: String)
    /// A stored task version's schedule cannot be read.
    case unreadableSchedule(participant: String, task: String)
    /// A stored study revision's surveys cannot be read.
    case unreadableRevision(revision: Int)
}
