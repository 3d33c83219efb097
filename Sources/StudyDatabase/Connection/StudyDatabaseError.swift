package import Foundation

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
    case notInitialized(database: String)
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
    /// A participant label that cannot be used (1–64 of letters, digits, '.', '_', '-', starting with a letter or
    /// digit).
    case invalidLabel(String)
    /// A time zone that is not an IANA time zone id.
    case invalidTimeZone(String)
    /// The study already has a participant with this label (enrolled or withdrawn).
    case participantExists(label: String)
    /// The study has no participant with this label.
    case participantNotFound(label: String)
    /// Publishing expected revision `expected`, but someone published since: the study is at `current`.
    case revisionConflict(expected: Int, current: Int)
    /// A task published again after revision `removedIn` removed it: a removed task id cannot come back.
    case taskRemoved(taskID: String, removedIn: Int)
    /// A task's schedule cannot be made or stored for a participant (`reason` names the problem, never an answer).
    case scheduleUnusable(taskID: String, label: String, reason: String)
    /// A stored row cannot be read back (`what` names the table and row, `reason` the problem).
    case corruptRow(what: String, reason: String)
    /// The participant withdrew at `withdrawnAt`: their data is kept, nothing new is ingested for them.
    case participantWithdrawn(label: String, withdrawnAt: Date)
    /// The enrollment code is unknown, used already or expired (which of them is not said).
    case enrollmentCodeInvalid
    /// No device of this study has the store's device id.
    case deviceUnknown(deviceID: UUID)
    /// The store's outbox differs from what its device pushed before, at change `localSeq`: it is a copy of another
    /// store or a restored backup, and must be enrolled again as a new device.
    case storeDiverged(deviceID: UUID, localSeq: Int64)
    /// A pushed outcome answers an event of a task version the participant does not have.
    case unknownTaskVersion(UUID)
    /// A pushed deletion names an outcome version the server does not have.
    case unknownOutcome(UUID)
    /// A pushed outcome version's `field` holds U+0000, which PostgreSQL's text cannot store.
    case unstorableText(outcome: UUID, field: String)
    /// The connection to `server` ended while doing `operation` (the server stopped or restarted, the network went):
    /// what was not committed is discarded by the server.
    case connectionLost(server: String, operation: String, detail: String)
    /// The connection broke or the server failed while doing `operation`; `detail` is the server's or the library's
    /// text, for `--debug`.
    case failed(operation: String, sqlState: String?, detail: String)
}
