import Foundation
import RegimenCommands
import StudyClient
import StudyService

extension StudyClientError: ReportedError {
    /// The message: "study service: …".
    package var text: String { "study service: " + ErrorReporter.text(for: self) }
    /// The exit code.
    package var exitCode: Int32 { ErrorReporter.exitCode(for: self) }
    /// The library's text, for --debug.
    package var debugDetail: String? {
        switch self {
        case .unreachable(_, let detail), .tlsFailed(_, let detail), .unreadableCertificateAuthority(_, let detail):
            detail
        default: nil
        }
    }
}

extension StudyServiceError: ReportedError {
    /// The message: "study serve: …".
    package var text: String { "study serve: " + ErrorReporter.text(for: self) }
    /// The exit code.
    package var exitCode: Int32 {
        switch self {
        case .plainHTTPOffLoopback, .unreadableTLSFile: ErrorReporter.Code.usage
        case .database(let error): error.exitCode
        case .cannotListen: ErrorReporter.Code.unavailable
        }
    }
    /// The library's text, for --debug.
    package var debugDetail: String? {
        switch self {
        case .unreadableTLSFile(_, let detail), .cannotListen(_, let detail): detail
        case .database(let error): error.debugDetail
        case .plainHTTPOffLoopback: nil
        }
    }
}

/// Wording and exit codes of the study service's errors: part of the one rendering place, `ErrorReporter`. No text
/// holds a token or an answer.
extension ErrorReporter {
    /// The exit code of a device's request that failed.
    static func exitCode(for error: StudyClientError) -> Int32 {
        switch error {
        case .invalidServerURL, .unreadableCertificateAuthority: Code.usage
        case .unreachable, .timedOut, .tlsFailed: Code.unavailable
        case .tokenRefused: Code.unknownDevice
        case .revoked, .invalidCode: Code.notPermitted
        case .withdrawn, .storeDiverged: Code.failure
        case .unprocessable: Code.badData
        case .tooManyAttempts: Code.tryAgain
        case .unsupportedVersion, .malformedResponse: Code.protocolMismatch
        case .serverFailed(let status, _): status >= 500 ? Code.unavailable : Code.failure
        }
    }

    /// The text of a device's request that failed.
    static func text(for error: StudyClientError) -> String {
        switch error {
        case .invalidServerURL(let reason):
            "the server address cannot be used: \(reason)"
        case .unreadableCertificateAuthority(let path, _):
            "\(path) holds no PEM certificate to trust (--debug shows why)"
        case .unreachable(let server, _):
            "nothing answers at \(server); nothing was lost: your answers stay on this device, run regimen sync again later "
                + "(--debug shows the reason)"
        case .timedOut(let server):
            "\(server) did not answer in time; nothing was lost: run regimen sync again later"
        case .tlsFailed(let server, _):
            "cannot verify the certificate of \(server): it is not signed by an authority this device trusts (give the "
                + "study's with --ca-file PEM) or it does not name this host; nothing was sent (--debug shows why)"
        case .tokenRefused:
            "the study does not know this device's token (the token file beside the store is missing or belongs to another "
                + "store): ask the study team for a new code and run regimen enroll CODE --new-device"
        case .revoked:
            "the study team revoked this device's access; the answers it sent are kept. Ask the study team if this is a "
                + "mistake: a new code enrolls it again (regimen enroll CODE --new-device)"
        case .invalidCode:
            "the enrollment code is not valid: it is unknown, used already or expired (ask the study team for a new one)"
        case .withdrawn(let detail):
            detail
        case .storeDiverged(let detail):
            "\(detail). Ask the study team for a new code and run regimen enroll CODE --new-device: this store then sends its "
                + "answers again as a new device, and nothing is stored twice"
        case .unprocessable(let detail):
            "the study cannot store this store's changes: \(detail)"
        case .tooManyAttempts(let retryAfter):
            "too many enrollment attempts from this address: try again in \(retryAfter.map { "\($0) seconds" } ?? "a minute")"
        case .unsupportedVersion(let served):
            "this study's service no longer speaks the API this Regimen uses (v1; it serves \(served ?? "other versions")): "
                + "update Regimen, then run the command again; nothing was lost"
        case .serverFailed(let status, let detail):
            "the service failed (HTTP \(status)): \(detail); nothing was lost: run the command again later"
        case .malformedResponse(let place, let problem):
            "the service answered something this Regimen cannot read (\(place): \(problem)): update Regimen"
        }
    }

    /// The text of a service that cannot start.
    static func text(for error: StudyServiceError) -> String {
        switch error {
        case .plainHTTPOffLoopback(let host):
            "plain HTTP is served on loopback only (for a reverse proxy on this machine), not on \(host): give "
                + "--tls-certificate PEM and --tls-key PEM, or listen on 127.0.0.1"
        case .unreadableTLSFile(let path, _):
            "\(path) cannot be read as a PEM certificate chain or private key (--debug shows why)"
        case .database(let error):
            text(for: error)
        case .cannotListen(let address, _):
            "cannot listen on \(address): the address is in use or not this machine's (--debug shows why)"
        }
    }
}
