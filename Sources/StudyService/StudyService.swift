import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
package import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import ServiceLifecycle
import StudyAPI
import StudyDatabase
import UnixSignals

/// `regimen study serve` (docs/study-service.md): the HTTP service in front of the study database through which
/// participants' devices enroll, push and pull with tokens of their own.
///
/// ```swift
/// var configuration = StudyServiceConfiguration(
///     host: "127.0.0.1", port: 8443, tls: ("server.pem", "server.key"), database: url, studyID: "trial")
/// try await StudyService.run(configuration, logger: logger) { address in print("listening on \(address)") }
/// ```
///
/// It keeps no state between requests (but each instance's enrollment limit), so several instances behind a load
/// balancer serve the same devices. SIGTERM and SIGINT stop it gracefully: it stops accepting, lets requests in flight
/// finish within `shutdownGrace`, and closes its database connections.
package enum StudyService {
    /// Checks the database, then serves until a shutdown signal; `onListening` gets the URL it listens on.
    package static func run(
        _ configuration: StudyServiceConfiguration, logger: Logger, onListening: @escaping @Sendable (String) -> Void
    ) async throws(StudyServiceError) {
        if configuration.tls == nil, !LoopbackHost.contains(configuration.host) {
            throw .plainHTTPOffLoopback(host: configuration.host)
        }
        let tls = try configuration.tls.map { files throws(StudyServiceError) in try serverTLS(files) }
        let studyID = try await checkedStudy(configuration)
        let pool: PostgresClient
        do {
            pool = PostgresClient(
                configuration: try configuration.database.poolConfiguration(
                    .service, maximumConnections: configuration.poolSize),
                backgroundLogger: Logger(
                    label: "regimen.study-service.pool", factory: { _ in SwiftLogNoOpLogHandler() }))
        } catch {
            throw .database(error)
        }
        let metrics = ServiceMetrics()
        let router = Router(context: ServiceRequestContext.self)
        router.add(middleware: RequestRecorder(metrics: metrics, logger: logger))
        StudyRoutes(
            pool: pool, database: configuration.database, studyID: studyID, bodyLimit: configuration.bodyLimit,
            limiter: EnrollmentLimiter(
                burst: configuration.enrollmentBurst, refill: configuration.enrollmentRefillSeconds),
            metrics: metrics, logger: logger
        ).add(to: router)
        let readTimeout = TimeAmount.nanoseconds(
            configuration.requestReadTimeout.components.seconds * 1_000_000_000
                + configuration.requestReadTimeout.components.attoseconds / 1_000_000_000)
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestDeadlineHandler(limit: readTimeout)], idleTimeout: .seconds(120))
        let server: HTTPServerBuilder
        let scheme = tls == nil ? "http" : "https"
        do {
            server =
                try tls.map { try .tls(.http1(configuration: http), tlsConfiguration: $0) }
                ?? .http1(configuration: http)
        } catch {
            throw .unreadableTLSFile(path: configuration.tls?.certificateFile ?? "", detail: String(describing: error))
        }
        let app = Application(
            router: router, server: server,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "regimen"),
            services: [pool],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
                onListening("\(scheme)://\(host):\(port)")
            },
            logger: logger)
        var group = ServiceGroupConfiguration(
            services: [.init(service: app)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = configuration.shutdownGrace
        group.maximumCancellationDuration = .seconds(5)
        do {
            try await ServiceGroup(configuration: group).run()
        } catch {
            throw .cannotListen(
                address: "\(configuration.host):\(configuration.port)", detail: String(describing: error))
        }
    }

    /// The study served, checked on a connection of its own before anything listens: reachable, the login's, a
    /// schema this program serves.
    private static func checkedStudy(_ configuration: StudyServiceConfiguration) async throws(StudyServiceError)
        -> String
    {
        do throws(StudyDatabaseError) {
            let connection = try await StudyConnection.open(configuration.database, settings: .service)
            do throws(StudyDatabaseError) {
                let id = try await StudyDatabase.servedStudy(connection, studyID: configuration.studyID)
                await connection.close()
                return id
            } catch {
                await connection.close()
                throw error
            }
        } catch {
            throw .database(error)
        }
    }

    /// The server's TLS from PEM files of the certificate chain and its key.
    private static func serverTLS(_ files: (certificateFile: String, keyFile: String)) throws(StudyServiceError)
        -> TLSConfiguration
    {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(files.certificateFile)
        } catch {
            throw .unreadableTLSFile(path: files.certificateFile, detail: String(describing: error))
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: files.keyFile, format: .pem)
        } catch {
            throw .unreadableTLSFile(path: files.keyFile, detail: String(describing: error))
        }
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        tls.minimumTLSVersion = .tlsv12
        return tls
    }
}
