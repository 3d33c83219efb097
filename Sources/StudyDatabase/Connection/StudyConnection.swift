import Foundation
import Logging
import NIOCore
package import PostgresNIO

/// One connection to the study database (a command-line program needs no pool): runs queries and transactions and
/// turns every PostgresNIO error into a `StudyDatabaseError` (docs/study-database.md, "Connecting").
package final class StudyConnection: Sendable {
    /// The URL it was opened with.
    package let url: DatabaseURL
    /// The role in effect: the one taken with `SET ROLE`, else the login.
    package let role: String
    let connection: PostgresConnection
    let logger: Logger

    private init(url: DatabaseURL, role: String?, connection: PostgresConnection, logger: Logger) {
        self.url = url
        self.role = role ?? url.user
        self.connection = connection
        self.logger = logger
    }

    /// Connects and logs in with `settings`; `role`, when given, is taken with `SET ROLE` (the study's reader or
    /// publisher role).
    package static func open(
        _ url: DatabaseURL, role: String? = nil, settings: DatabaseURL.SessionSettings = .command
    ) async throws(StudyDatabaseError) -> StudyConnection {
        var logger = Logger(label: "regimen.study-database")
        logger.logLevel = .critical
        let configuration = try url.connectionConfiguration(settings)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw Self.connectError(error, url: url)
        }
        let opened = StudyConnection(url: url, role: role, connection: connection, logger: logger)
        if let role {
            do {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "SET ROLE \(Self.quoted(identifier: role))"), logger: logger)
            } catch {
                await opened.close()
                throw .roleUnavailable(role: role)
            }
        }
        return opened
    }

    /// A connection leased from a pool (the study service's) for the length of one request; the pool closes it.
    package static func leased(_ connection: PostgresConnection, url: DatabaseURL, logger: Logger) -> StudyConnection {
        StudyConnection(url: url, role: nil, connection: connection, logger: logger)
    }

    /// Closes the connection.
    package func close() async {
        try? await connection.close()
    }

    /// Runs a statement that returns no rows.
    package func execute(_ query: PostgresQuery, _ operation: String) async throws(StudyDatabaseError) {
        do {
            try await connection.query(query, logger: logger)
        } catch {
            throw Self.queryError(error, operation: operation, role: role, server: url.server)
        }
    }

    /// Runs a query and collects its rows.
    package func rows(_ query: PostgresQuery, _ operation: String) async throws(StudyDatabaseError) -> [PostgresRow] {
        do {
            var rows: [PostgresRow] = []
            for try await row in try await connection.query(query, logger: logger) { rows.append(row) }
            return rows
        } catch {
            throw Self.queryError(error, operation: operation, role: role, server: url.server)
        }
    }

    /// Runs a prepared statement — parsed and planned once per connection, the service's hottest queries — and collects
    /// its rows.
    package func rows<Statement: PostgresPreparedStatement>(
        _ statement: Statement, _ operation: String
    ) async throws(StudyDatabaseError) -> [Statement.Row] {
        do {
            var rows: [Statement.Row] = []
            for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
            return rows
        } catch {
            throw Self.queryError(error, operation: operation, role: role, server: url.server)
        }
    }

    /// Runs a query and hands each row to `body` as it arrives (memory flat in the number of rows).
    package func forEachRow(
        _ query: PostgresQuery, _ operation: String, _ body: (PostgresRow) throws -> Void
    ) async throws(StudyDatabaseError) {
        do {
            for try await row in try await connection.query(query, logger: logger) { try body(row) }
        } catch let error as StudyDatabaseError {
            throw error
        } catch {
            throw Self.queryError(error, operation: operation, role: role, server: url.server)
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws. Errors keep their
    /// `StudyDatabaseError` form; any other error of `body` is rethrown as it was.
    package func transaction<Result: Sendable>(
        _ operation: String, _ body: (StudyConnection) async throws -> Result
    ) async throws -> Result {
        try await execute("BEGIN", operation)
        let value: Result
        do {
            value = try await body(self)
        } catch {
            // A connection that is gone takes its transaction with it, and a statement sent on it would wait forever
            // (PostgresNIO answers nothing after the server closed the connection).
            if case .connectionLost? = error as? StudyDatabaseError {
            } else if !connection.isClosed {
                _ = try? await connection.query("ROLLBACK", logger: logger)
            }
            throw error
        }
        try await execute("COMMIT", operation)
        return value
    }

    /// `name` as a quoted SQL identifier.
    package static func quoted(identifier name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
