import Foundation

/// Why a device's request to the study service failed (docs/study-service.md, "On the device"). Worded, with its exit
/// code, in one place with the commands' other errors (StudyCommands' `ErrorReporter`); no case carries a token or an
/// answer.
package enum StudyClientError: Error, Sendable, Equatable {
    /// The server URL cannot be used (`reason` says why).
    case invalidServerURL(reason: String)
    /// The CA file given with `--ca-file` cannot be read as PEM certificates.
    case unreadableCertificateAuthority(path: String, detail: String)
    /// Nothing answered at `server` (refused, no route, name not found), after retrying.
    case unreachable(server: String, detail: String)
    /// `server` answered, but its certificate is not trusted, or TLS failed.
    case tlsFailed(server: String, detail: String)
    /// `server` did not answer within the request's deadline, after retrying.
    case timedOut(server: String)
    /// The service does not know this device's token (a store whose token file is missing or from elsewhere).
    case tokenRefused
    /// The study team revoked this device's access.
    case revoked
    /// The enrollment code is unknown, used or expired.
    case invalidCode
    /// The participant was withdrawn from the study.
    case withdrawn(detail: String)
    /// The store's outbox differs from what this device sent before: a copy or a restored backup.
    case storeDiverged(detail: String)
    /// The study cannot store the changes (`detail` is the service's).
    case unprocessable(detail: String)
    /// Too many enrollment attempts from this address; try again after `retryAfter` seconds.
    case tooManyAttempts(retryAfter: Int?)
    /// The service no longer answers the API version this program speaks: Regimen must be updated.
    case unsupportedVersion(served: String?)
    /// The service failed (`status`), after retrying where that is safe.
    case serverFailed(status: Int, detail: String)
    /// The service answered something this program cannot read (`place` names where).
    case malformedResponse(place: String, problem: String)
}
