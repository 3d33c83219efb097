import NIOSSL
import Testing

@testable import StudyDatabase

/// The database URL: libpq's forms are read, and no text made from it or from its errors shows the password.
@Suite struct DatabaseURLTests {
    @Test func readsEveryPartOfATCPURL() throws {
        let url = try DatabaseURL(parsing: "postgresql://alice:s%40cret@db.example.org:6543/trial?sslmode=require")
        #expect(url.user == "alice")
        #expect(url.password == "s@cret")
        #expect(url.host == "db.example.org")
        #expect(url.port == 6543)
        #expect(url.database == "trial")
        #expect(url.tls == .require)
        #expect(url.server == "db.example.org:6543")
    }

    /// What an enrolled store keeps: the same URL without the password, every other part read back the same.
    @Test(arguments: [
        "postgresql://alice:s%40cret@db.example.org:6543/trial?sslmode=require",
        "postgres://bob:pw@localhost/trial", "postgres://carol:pw@db.example.org/my%20study",
        "postgres:///trial?host=/tmp/pg%20sock&port=5499&password=hidden&user=dave",
    ])
    func textWithoutPasswordReadsBackTheSameButForThePassword(_ text: String) throws {
        let url = try DatabaseURL(parsing: text)
        let kept = url.textWithoutPassword
        var back = try DatabaseURL(parsing: kept)
        #expect(back.password == nil)
        #expect(
            !kept.contains("s@cret") && !kept.contains("s%40cret") && !kept.contains(":pw@")
                && !kept.contains("hidden"), "\(kept)")
        back.password = url.password
        #expect(back == url, "\(kept)")
    }

    @Test func readsASocketFolderAndDefaults() throws {
        let url = try DatabaseURL(parsing: "postgres:///trial?host=/tmp/pg%20sock&port=5499")
        #expect(url.socketFolder == "/tmp/pg sock")
        #expect(url.host == nil)
        #expect(url.port == 5499)
        #expect(url.tls == .disable)
        #expect(url.server == "/tmp/pg sock/.s.PGSQL.5499")
        let local = try DatabaseURL(parsing: "postgres://bob@localhost/trial")
        #expect(local.port == 5432)
        #expect(local.tls == .disable)
        let remote = try DatabaseURL(parsing: "postgres://bob@db.example.org/trial")
        #expect(remote.tls == .verifyFull)
    }

    @Test func sslModesMeanWhatTheyMeanToLibpqAndAPasswordNeverCrossesTheNetworkInClear() throws {
        for (mode, expected) in [
            ("disable", DatabaseURL.TLSMode.disable), ("allow", .prefer), ("prefer", .prefer), ("require", .require),
            ("verify-ca", .verifyCA), ("verify-full", .verifyFull),
        ] {
            #expect(try DatabaseURL(parsing: "postgres://bob@db.example.org/trial?sslmode=\(mode)").tls == expected)
        }
        // What each mode checks of the server's certificate.
        let checks: [(String, CertificateVerification?)] = [
            ("require", CertificateVerification.none), ("verify-ca", .noHostnameVerification),
            ("verify-full", .fullVerification),
        ]
        for (mode, verification) in checks {
            let url = try DatabaseURL(parsing: "postgres://bob:pw@db.example.org/trial?sslmode=\(mode)")
            let (tls, required) = try #require(try url.tlsConfiguration())
            #expect(tls.certificateVerification == verification && required, "\(mode)")
        }
        // prefer with a password for another host must encrypt; without a password it may fall back.
        #expect(
            try #require(
                try DatabaseURL(parsing: "postgres://bob:pw@db.example.org/t?sslmode=prefer").tlsConfiguration()
            ).required)
        #expect(
            !(try #require(
                try DatabaseURL(parsing: "postgres://bob@db.example.org/t?sslmode=prefer").tlsConfiguration()
            ).required))
        // disable with a password for another host is refused before connecting; on loopback it is allowed.
        #expect(throws: StudyDatabaseError.self) {
            try DatabaseURL(parsing: "postgres://bob:s3cret@db.example.org/t?sslmode=disable").tlsConfiguration()
        }
        #expect(try DatabaseURL(parsing: "postgres://bob:s3cret@127.0.0.1/t?sslmode=disable").tlsConfiguration() == nil)
        // sslrootcert names the CA to trust, is kept in the text form, and must be readable.
        let rooted = try DatabaseURL(parsing: "postgres://bob@db.example.org/t?sslrootcert=/nonexistent/ca.pem")
        #expect(rooted.rootCertificateFile == "/nonexistent/ca.pem")
        #expect(rooted.textWithoutPassword.contains("sslrootcert=/nonexistent/ca.pem"))
        #expect(throws: StudyDatabaseError.self) { try rooted.tlsConfiguration() }
        #expect(try DatabaseURL(parsing: "postgres://bob@h/t?connect_timeout=3").connectTimeout == 3)
    }

    @Test func neverShowsThePassword() throws {
        let url = try DatabaseURL(parsing: "postgres://alice:hunter2@127.0.0.1:5432/trial")
        #expect(!url.description.contains("hunter2"))
        #expect(url.description == "postgres://alice:***@127.0.0.1:5432/trial")
        for bad in [
            "mysql://alice:hunter2@host/db", "postgres://alice:hunter2@host:99999/db",
            "postgres://alice:hunter2@host/db?sslmode=maybe",
            "postgres://alice:hunter2@host/db?color=blue", "postgres://alice:hunter2@host/a/b",
        ] {
            #expect(throws: StudyDatabaseError.self) { try DatabaseURL(parsing: bad) }
            do {
                _ = try DatabaseURL(parsing: bad)
            } catch {
                #expect(!"\(error)".contains("hunter2"), "\(bad)")
            }
        }
    }
}
