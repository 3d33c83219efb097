package import StudyDatabase

/// Why the study service cannot start (its requests' errors are problem documents, never these).
package enum StudyServiceError: Error, Sendable, Equatable {
    /// Plain HTTP was asked for on an address that is not loopback: tokens would cross the network in clear.
    case plainHTTPOffLoopback(host: String)
    /// The certificate or key file cannot be read (`detail` is the TLS library's).
    case unreadableTLSFile(path: String, detail: String)
    /// The study database cannot be served (unreachable, not initialized, schema too old, no such study).
    case database(StudyDatabaseError)
    /// The server could not start listening (`detail`: the address in use, not allowed, …).
    case cannotListen(address: String, detail: String)
}
