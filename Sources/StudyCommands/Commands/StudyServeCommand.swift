import ArgumentParser
import Foundation
import Logging
import RegimenCommands
import StudyDatabase
import StudyService
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// `regimen study serve`: the study service, through which participants' devices enroll and sync with tokens of their
/// own (docs/study-service.md, docs/deployment.md).
struct StudyServeCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the study to participants' devices over HTTPS (devices never get a database login).",
        discussion: """
            The database URL, as the service's own login (a member of regimen_service), comes from \
            $REGIMEN_DATABASE_URL or --database-url-file FILE, never from the command line. HTTPS with \
            --tls-certificate and --tls-key; without them, plain HTTP on a loopback address only, for a reverse proxy \
            on this machine. Prints the address it listens on; SIGTERM or SIGINT stop it gracefully. One log line per \
            request on standard error; Prometheus metrics at /metrics, /health for a load balancer.
            """
    )

    @Option(help: ArgumentHelp("Where to listen, HOST:PORT (port 0: any free port).", valueName: "host:port"))
    var listen = "127.0.0.1:8443"

    @Option(help: ArgumentHelp("PEM file of the server's certificate chain.", valueName: "pem"))
    var tlsCertificate: String?

    @Option(help: ArgumentHelp("PEM file of the certificate's private key.", valueName: "pem"))
    var tlsKey: String?

    @Option(
        help: ArgumentHelp("A file holding the database URL (instead of $REGIMEN_DATABASE_URL).", valueName: "file"))
    var databaseURLFile: String?

    @Option(
        help: ArgumentHelp("The study's id (default: $REGIMEN_STUDY, else the database's only study).", valueName: "id")
    )
    var study: String?

    @Option(help: ArgumentHelp("Database connections at most.", valueName: "n"))
    var pool = 16

    @Option(
        help: ArgumentHelp(
            "Enrollment attempts one address may make at once (one more each 6 seconds).", valueName: "n"))
    var enrollmentBurst = 10

    func validate() throws {
        guard (tlsCertificate == nil) == (tlsKey == nil) else {
            throw ValidationError("give both --tls-certificate and --tls-key, or neither")
        }
        guard (1...512).contains(pool) else { throw ValidationError("--pool must be 1 to 512") }
        guard enrollmentBurst >= 1 else { throw ValidationError("--enrollment-burst must be 1 or more") }
    }

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let (host, port) = try Self.address(listen)
        let urlText: String
        if let databaseURLFile {
            let bytes = try InputFile.bytes(FilePath(environment.url(forPath: databaseURLFile).path))
            urlText = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            guard let text = environment.variables[StudyDatabaseOptions.urlVariable], !text.isEmpty else {
                throw RegimenError.usage(
                    "no study database: set \(StudyDatabaseOptions.urlVariable) or pass --database-url-file FILE "
                        + "(never the URL itself: the command line is visible to every user of the machine)")
            }
            urlText = text
        }
        var url: DatabaseURL
        do throws(StudyDatabaseError) {
            url = try DatabaseURL(parsing: urlText)
        } catch {
            throw RegimenError.study(error)
        }
        if url.password == nil, let password = environment.variables[StudyDatabaseOptions.passwordVariable],
            !password.isEmpty
        {
            url.password = password
        }
        let files = tlsCertificate.flatMap { certificate in
            tlsKey.map { (environment.url(forPath: certificate).path, environment.url(forPath: $0).path) }
        }
        var configuration = StudyServiceConfiguration(
            host: host, port: port, tls: files, database: url,
            studyID: study
                ?? environment.variables[StudyDatabaseOptions.studyVariable].flatMap { $0.isEmpty ? nil : $0 })
        configuration.poolSize = pool
        configuration.enrollmentBurst = enrollmentBurst
        // A parent may have blocked SIGTERM and SIGINT (a test runner, a shell's background job): the service stops
        // gracefully on them, so they are unblocked here.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        var logger = Logger(
            label: "regimen.study-service", factory: { label in StreamLogHandler.standardError(label: label) })
        logger.logLevel = .info
        let service = configuration
        let serviceLogger = logger
        do throws(StudyServiceError) {
            try await StudyService.run(service, logger: serviceLogger) { address in
                // Read by whoever started the service (a test, a supervisor) to learn the port: unbuffered.
                FileHandle.standardOutput.write(Data("regimen study serve: listening on \(address)\n".utf8))
            }
        } catch {
            throw RegimenError.reported(error)
        }
    }

    /// `HOST:PORT` (`[::1]:PORT` for IPv6) read.
    static func address(_ text: String) throws(RegimenError) -> (String, Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65_535).contains(port)
        else {
            throw .usage("--listen expects HOST:PORT, such as 127.0.0.1:8443 or [::1]:8443")
        }
        let host = text[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard !host.isEmpty else { throw .usage("--listen expects HOST:PORT, such as 0.0.0.0:8443") }
        return (host, port)
    }
}
