import Foundation
package import StudyDatabase

/// How `regimen study serve` runs (docs/study-service.md, "Running it").
package struct StudyServiceConfiguration: Sendable {
    /// The address to listen on.
    package var host: String
    /// The port; 0 picks a free one (the service prints the port it took).
    package var port: Int
    /// PEM files of the certificate chain and its private key, for HTTPS; nil: plain HTTP, on loopback only.
    package var tls: (certificateFile: String, keyFile: String)?
    /// The study database, as the service's login.
    package var database: DatabaseURL
    /// The study served; nil: the database's only study.
    package var studyID: String?
    /// The largest request body accepted, in bytes (413 beyond it).
    package var bodyLimit = 4 << 20
    /// Connections to the database at most.
    package var poolSize = 16
    /// How long a client may take to send a whole request, counted from the connection's start (with the TLS
    /// handshake) or from the end of the previous answer: slower clients are cut off.
    package var requestReadTimeout: Duration = .seconds(10)
    /// How long requests in flight may take to finish once a shutdown is asked for.
    package var shutdownGrace: Duration = .seconds(10)
    /// Enrollment attempts one address may make in a burst, and the seconds in which one more is allowed.
    package var enrollmentBurst = 10
    /// See `enrollmentBurst`.
    package var enrollmentRefillSeconds = 6.0

    /// A configuration.
    package init(
        host: String, port: Int, tls: (certificateFile: String, keyFile: String)?, database: DatabaseURL,
        studyID: String?
    ) {
        self.host = host
        self.port = port
        self.tls = tls
        self.database = database
        self.studyID = studyID
    }
}
