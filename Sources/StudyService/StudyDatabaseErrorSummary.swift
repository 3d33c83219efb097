import StudyDatabase

/// What the service's log says of a database failure: the operation and SQLSTATE, never the server's text, which may
/// quote a stored value.
protocol StudyDatabaseErrorSummary {
    var summary: String { get }
}

extension StudyDatabaseError: StudyDatabaseErrorSummary {
    var summary: String {
        switch self {
        case .failed(let operation, let state, _): "\(operation) failed (SQLSTATE \(state ?? "none"))"
        case .connectionLost(let server, let operation, _): "the connection to \(server) ended during \(operation)"
        case .unreachable(let server, _): "the study database at \(server) cannot be reached"
        case .permissionDenied(let operation, let role): "the role \(role) may not \(operation)"
        case .corruptRow(let what, _): "\(what) cannot be read"
        default: "\(self)"
        }
    }
}
