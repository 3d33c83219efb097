import Foundation
import NIOCore
import NIOSSL
package import PostgresNIO

extension DatabaseURL {
    /// Session settings a connection starts with, sent in the startup packet so that they hold before the first
    /// statement (docs/study-database.md, "Connecting"; docs/study-service.md, "The database").
    package struct SessionSettings: Sendable, Hashable {
        /// Abort any statement that runs longer (`statement_timeout`), in milliseconds; nil: the server's setting.
        package var statementTimeout: Int?
        /// Give up waiting for a lock after this long (`lock_timeout`), in milliseconds.
        package var lockTimeout: Int?
        /// End a session idle inside a transaction this long (`idle_in_transaction_session_timeout`), in milliseconds.
        package var idleInTransactionTimeout: Int?

        /// A researcher's command: no limits beyond the server's (a large ingest may take minutes).
        package static let command = SessionSettings()
        /// The study service: no request holds a lock or a transaction for long, so one stalled client cannot stop the
        /// study (docs/study-service.md, "The database").
        package static let service = SessionSettings(
            statementTimeout: 30_000, lockTimeout: 5_000, idleInTransactionTimeout: 15_000)

        /// The startup parameters: the pinned `search_path` — `public` alone, so `pg_catalog` is searched first and no
        /// schema a login owns (`"$user"`) can shadow a built-in or a study table (CVE-2018-1058) — then the timeouts.
        var startupParameters: [(String, String)] {
            var parameters = [("search_path", "public")]
            if let statementTimeout { parameters.append(("statement_timeout", "\(statementTimeout)")) }
            if let lockTimeout { parameters.append(("lock_timeout", "\(lockTimeout)")) }
            if let idleInTransactionTimeout {
                parameters.append(("idle_in_transaction_session_timeout", "\(idleInTransactionTimeout)"))
            }
            return parameters
        }
    }

    /// The TLS this URL asks for, nil for none: `require` and `prefer` encrypt without checking the certificate (as
    /// libpq does), `verify-ca` checks its signature, `verify-full` also the host name; `sslrootcert` names the trusted
    /// authorities. A password is never sent to another machine in clear: `disable` with a password for a host that
    /// is not this machine is refused, and `prefer` then requires encryption.
    func tlsConfiguration() throws(StudyDatabaseError) -> (TLSConfiguration, required: Bool)? {
        if tls == .disable {
            if password != nil, !isLocal {
                throw .invalidURL(
                    reason: "sslmode=disable would send the password to \(server) unencrypted: use sslmode=verify-full "
                        + "(the default), or connect through a Unix socket or loopback")
            }
            return nil
        }
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch tls {
        case .disable, .prefer, .require: configuration.certificateVerification = .none
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        if let rootCertificateFile {
            guard FileManager.default.isReadableFile(atPath: rootCertificateFile) else {
                throw .invalidURL(reason: "sslrootcert names \(rootCertificateFile), which cannot be read")
            }
            configuration.trustRoots = .file(rootCertificateFile)
        }
        let required = tls != .prefer || (password != nil && !isLocal)
        return (configuration, required)
    }

    /// The configuration of one connection with `settings`.
    func connectionConfiguration(_ settings: SessionSettings) throws(StudyDatabaseError)
        -> PostgresConnection.Configuration
    {
        var configuration: PostgresConnection.Configuration
        if let folder = socketFolder {
            configuration = .init(
                unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        } else {
            let mode: PostgresConnection.Configuration.TLS
            do {
                switch try tlsConfiguration() {
                case nil: mode = .disable
                case let (tls, required)?:
                    mode =
                        required
                        ? .require(try NIOSSLContext(configuration: tls))
                        : .prefer(try NIOSSLContext(configuration: tls))
                }
            } catch let error as StudyDatabaseError {
                throw error
            } catch {
                throw .failed(operation: "set up encryption", sqlState: nil, detail: String(describing: error))
            }
            configuration = .init(
                host: host ?? "localhost", port: port, username: user, password: password, database: database, tls: mode
            )
        }
        configuration.options.connectTimeout = .seconds(Int64(connectTimeout))
        configuration.options.additionalStartupParameters = settings.startupParameters
        return configuration
    }

    /// The configuration of a pool of at most `maximumConnections` connections with `settings` (the study service's).
    package func poolConfiguration(
        _ settings: SessionSettings, maximumConnections: Int
    ) throws(StudyDatabaseError) -> PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let folder = socketFolder {
            configuration = .init(
                unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        } else {
            let mode: PostgresClient.Configuration.TLS =
                switch try tlsConfiguration() {
                case nil: .disable
                case let (tls, required)?: required ? .require(tls) : .prefer(tls)
                }
            configuration = .init(
                host: host ?? "localhost", port: port, username: user, password: password, database: database, tls: mode
            )
        }
        configuration.options.connectTimeout = .seconds(connectTimeout)
        configuration.options.additionalStartupParameters = settings.startupParameters
        configuration.options.maximumConnections = maximumConnections
        configuration.options.minimumConnections = 0
        return configuration
    }
}
