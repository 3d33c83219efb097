import Foundation

/// Where the study database is: a libpq-style URL, `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=MODE`, or
/// `postgres:///DATABASE?host=/socket/folder` for a Unix socket (docs/study-database.md, "Connecting"). Its text form
/// never shows the password.
package struct DatabaseURL: Sendable, Hashable, CustomStringConvertible {
    /// How the connection is encrypted: libpq's `sslmode`, meaning what libpq means (docs/study-database.md,
    /// "Connecting"). `allow` reads as `prefer`.
    package enum TLSMode: String, Sendable, Hashable {
        /// Never encrypt (the default for loopback and Unix sockets).
        case disable
        /// Encrypt when the server offers it, without checking its certificate; a password is never sent in clear.
        case prefer
        /// Encrypt, without checking the server's certificate.
        case require
        /// Encrypt, and check that a trusted authority signed the server's certificate.
        case verifyCA = "verify-ca"
        /// Encrypt, and check the certificate and that it names the host (the default for other hosts).
        case verifyFull = "verify-full"
    }

    /// The login role.
    package var user: String
    /// The password, if any; never printed.
    package var password: String?
    /// The host name or address; nil with a Unix socket.
    package var host: String?
    /// The folder holding the server's Unix socket (`?host=/folder`), if connecting through one.
    package var socketFolder: String?
    /// The TCP port (also names the socket file `.s.PGSQL.PORT`).
    package var port: Int
    /// The database name.
    package var database: String
    /// Encryption.
    package var tls: TLSMode
    /// Seconds to wait for the server to answer a connection attempt (`connect_timeout`; libpq's default is forever,
    /// this program's 10).
    package var connectTimeout: Int
    /// A PEM file of the authorities trusted to sign the server's certificate (`sslrootcert`); nil: the system's.
    package var rootCertificateFile: String?
    /// The host is this machine (a loopback address or a Unix socket): no one in between can read the connection.
    package var isLocal: Bool {
        Self.isLocal(host: host, socketFolder: socketFolder)
    }

    /// Whether a connection to `host` or through `socketFolder` stays on this machine.
    private static func isLocal(host: String?, socketFolder: String?) -> Bool {
        socketFolder != nil || ["localhost", "127.0.0.1", "::1"].contains(host ?? "")
    }

    /// Reads a URL; the message of a bad one never repeats the text (it may hold a password).
    package init(parsing text: String) throws(StudyDatabaseError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .invalidURL(reason: "not a URL of the form postgres://USER@HOST:PORT/DATABASE")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw .invalidURL(reason: "the scheme must be postgres:// or postgresql://, not \(scheme)://")
        }
        let query = components.queryItems ?? []
        func parameter(_ name: String) -> String? { query.last { $0.name == name }?.value }
        if let unknown = query.first(where: { !Self.knownParameters.contains($0.name) }) {
            throw .invalidURL(
                reason:
                    "unknown parameter '\(unknown.name)' (known: \(Self.knownParameters.sorted().joined(separator: ", ")))"
            )
        }
        let socketParameter = parameter("host").flatMap { $0.hasPrefix("/") ? $0 : nil }
        let hostName =
            components.host.flatMap { $0.isEmpty ? nil : $0 }
            ?? parameter("host").flatMap { $0.hasPrefix("/") ? nil : $0 }
        if let socketParameter {
            socketFolder = socketParameter
            host = nil
        } else {
            socketFolder = nil
            host = hostName ?? "localhost"
        }
        if let portText = parameter("port") {
            guard let value = Int(portText), (1...65_535).contains(value) else {
                throw .invalidURL(reason: "the port must be 1–65535")
            }
            port = value
        } else if let value = components.port {
            guard (1...65_535).contains(value) else { throw .invalidURL(reason: "the port must be 1–65535") }
            port = value
        } else {
            port = 5432
        }
        let name = components.percentEncodedPath.dropFirst().removingPercentEncoding ?? ""
        user = components.user ?? parameter("user") ?? ProcessInfo.processInfo.environment["USER"] ?? "postgres"
        password = components.password ?? parameter("password")
        database = name.isEmpty ? (parameter("dbname") ?? user) : String(name)
        guard !database.contains("/") else { throw .invalidURL(reason: "the path must be one database name") }
        if let text = parameter("connect_timeout") {
            guard let seconds = Int(text), seconds >= 0 else {
                throw .invalidURL(reason: "connect_timeout must be a whole number of seconds")
            }
            connectTimeout = seconds == 0 ? 10 : max(seconds, 2)
        } else {
            connectTimeout = 10
        }
        rootCertificateFile = parameter("sslrootcert").flatMap { $0.isEmpty || $0 == "system" ? nil : $0 }
        if let mode = parameter("sslmode") {
            switch mode {
            case "allow": tls = .prefer
            default:
                guard let known = TLSMode(rawValue: mode) else {
                    throw .invalidURL(
                        reason:
                            "sslmode must be disable, allow, prefer, require, verify-ca or verify-full, not '\(mode)'")
                }
                tls = known
            }
        } else {
            tls = Self.isLocal(host: host, socketFolder: socketFolder) ? .disable : .verifyFull
        }
    }

    private static let knownParameters: Set<String> = [
        "sslmode", "sslrootcert", "host", "port", "user", "password", "dbname", "application_name", "connect_timeout",
    ]

    /// The server, for messages: `HOST:PORT` or the socket folder.
    package var server: String {
        if let socketFolder { return "\(socketFolder)/.s.PGSQL.\(port)" }
        let name = host ?? "localhost"
        return name.contains(":") ? "[\(name)]:\(port)" : "\(name):\(port)"
    }

    /// The URL as text without its password, which reads back as this URL but for it (a store keeps this; the password
    /// then comes from `PGPASSWORD` or a URL given again).
    package var textWithoutPassword: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = user
        var query: [URLQueryItem] = []
        if let socketFolder {
            components.host = ""
            query += [URLQueryItem(name: "host", value: socketFolder), URLQueryItem(name: "port", value: String(port))]
        } else {
            let name = host ?? "localhost"
            components.host = name.contains(":") ? "[\(name)]" : name
            components.port = port
        }
        components.path = "/" + database
        query.append(URLQueryItem(name: "sslmode", value: tls.rawValue))
        if let rootCertificateFile { query.append(URLQueryItem(name: "sslrootcert", value: rootCertificateFile)) }
        components.queryItems = query
        return components.string ?? description
    }

    /// The URL with the password replaced by `***`.
    package var description: String {
        let credentials = user + (password == nil ? "" : ":***")
        if let socketFolder { return "postgres://\(credentials)@/\(database)?host=\(socketFolder)&port=\(port)" }
        return "postgres://\(credentials)@\(server)/\(database)"
    }
}
