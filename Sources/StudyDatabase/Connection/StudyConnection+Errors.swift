import Foundation
import PostgresNIO

/// PostgreSQL's SQLSTATE codes the study database tells apart
/// (https://www.postgresql.org/docs/current/errcodes-appendix.html).
package enum SQLState {
    /// `invalid_password`.
    static let invalidPassword = "28P01"
    /// `invalid_authorization_specification` (no such role, or pg_hba refused it).
    static let invalidAuthorization = "28000"
    /// `invalid_catalog_name`: no such database.
    static let noSuchDatabase = "3D000"
    /// `insufficient_privilege`.
    package static let insufficientPrivilege = "42501"
    /// `undefined_table`.
    package static let undefinedTable = "42P01"
    /// `unique_violation`.
    package static let uniqueViolation = "23505"
    /// `serialization_failure`.
    package static let serializationFailure = "40001"
    /// Class 57P: the server is shutting down or restarting (`admin_shutdown`, `crash_shutdown`, `cannot_connect_now`).
    static let shutdownClass = "57P"
    /// Class 08: connection exceptions.
    static let connectionClass = "08"
}

extension StudyConnection {
    /// The SQLSTATE of a server error, if `error` is one.
    package static func sqlState(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// The error of a failed connection attempt: unreachable, refused login, or no such database.
    static func connectError(_ error: any Error, url: DatabaseURL) -> StudyDatabaseError {
        switch sqlState(of: error) {
        case SQLState.invalidPassword?, SQLState.invalidAuthorization?:
            return .authenticationFailed(server: url.server, user: url.user)
        case SQLState.noSuchDatabase?:
            return .databaseMissing(server: url.server, database: url.database)
        default:
            if let psql = error as? PSQLError, psql.code == .authMechanismRequiresPassword || psql.code == .saslError {
                return .authenticationFailed(server: url.server, user: url.user)
            }
            return .unreachable(server: url.server, detail: detail(of: error))
        }
    }

    /// The error of a failed statement: permission, a lost connection, or a failure whose server text is kept for
    /// `--debug`.
    static func queryError(_ error: any Error, operation: String, role: String, server: String) -> StudyDatabaseError {
        if let known = error as? StudyDatabaseError { return known }
        let state = sqlState(of: error)
        if state == SQLState.insufficientPrivilege {
            return .permissionDenied(operation: operation, role: role)
        }
        let closed =
            (error as? PSQLError).map {
                [.serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError].contains($0.code)
            } ?? false
        if closed || state?.hasPrefix(SQLState.shutdownClass) == true
            || state?.hasPrefix(SQLState.connectionClass) == true
        {
            return .connectionLost(server: server, operation: operation, detail: detail(of: error))
        }
        return .failed(operation: operation, sqlState: sqlState(of: error), detail: detail(of: error))
    }

    /// The text behind an error, without the SQL of the statement (PSQLError's description would add it).
    static func detail(of error: any Error) -> String {
        guard let psql = error as? PSQLError else { return String(describing: error) }
        if let info = psql.serverInfo {
            let parts = [info[.sqlState], info[.message], info[.detail]].compactMap { $0 }
            return parts.joined(separator: ": ")
        }
        return psql.underlying.map { "\(psql.code): \($0)" } ?? "\(psql.code)"
    }
}
