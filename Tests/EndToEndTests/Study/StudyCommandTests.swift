import Foundation
import Testing

/// `regimen study enroll|withdraw|participants|publish|revisions` as a researcher types them: the words and exit
/// codes of bad input, a conflict and a refused role (docs/study-database.md; docs/command-line-conventions.md,
/// "Exit codes").
@Suite struct StudyCommandTests {
    /// A database URL no server answers at: commands that check their input first never get to it.
    static let nowhere = ["--database", "postgres://nobody@127.0.0.1:1/none"]

    @Test func aZoneThatIsNotAnIANAIdAndABadDayAreRefusedBeforeConnecting() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let zone = try regimen.run(["study", "enroll", "P1", "--zone", "CEST"] + Self.nowhere)
        #expect(zone.status == 64)
        #expect(zone.stderr.contains("'CEST' is not an IANA time zone id"))
        let day = try regimen.run(
            ["study", "enroll", "P1", "--zone", "Europe/Berlin", "--enrolled", "2026-02-30"] + Self.nowhere)
        #expect(day.status == 64)
        #expect(
            day.stderr
                == "regimen: --enrolled '2026-02-30' is not a day (YYYY-MM-DD) or an instant (such as 2026-11-23T08:00:00Z)\n"
        )
        let label = try regimen.run(["study", "enroll", "P 1", "--zone", "Europe/Berlin"] + Self.nowhere)
        #expect(label.status == 64)
        #expect(label.stderr.contains("'P 1' cannot be a participant label"))
    }

    @Test(.enabled(if: StudyServer.isAvailable, "no test server: run through scripts/test or scripts/with-postgres"))
    func enrollPublishAndTheirRefusalsEndToEnd() throws {
        try StudyServer.withDatabase { server in
            var regimen = try RegimenProcess()
            defer { regimen.cleanUp() }
            regimen.now = "2026-11-23T12:00:00Z"
            let database = ["--database", server.url]
            #expect(try regimen.run(["study", "init", "--study", "trial"] + database).status == 0)
            let enrolled = try regimen.run(
                ["study", "enroll", "P1", "--zone", "Pacific/Chatham", "--enrolled", "2026-11-20"] + database)
            #expect(enrolled.status == 0)
            #expect(
                enrolled.stdout.contains(
                    "enrolled P1 in Pacific/Chatham at 2026-11-20T00:00:00+13:45; study day 1 is 2026-11-20"))
            let again = try regimen.run(["study", "enroll", "P1", "--zone", "Europe/Berlin"] + database)
            #expect(again.status == 1)
            #expect(again.stderr.contains("the study already has a participant 'P1'"))
            let unknown = try regimen.run(["study", "withdraw", "P9"] + database)
            #expect(unknown.status == 64)
            #expect(
                unknown.stderr
                    == "regimen: study database: the study has no participant 'P9' (study participants lists them)\n")

            let dry = try regimen.run(["study", "publish", "--expect-revision", "0", "--dry-run"] + database)
            #expect(dry.status == 0)
            #expect(dry.stdout.hasPrefix("dry run: revision 1 would be published"))
            let published = try regimen.run(["study", "publish", "--expect-revision", "0"] + database)
            #expect(published.status == 0, "\(published.stderr)")
            #expect(published.stdout.contains("published revision 1"))
            #expect(published.stdout.contains("P1 (Pacific/Chatham): checkin from 2026-11-20"))
            let stale = try regimen.run(["study", "publish", "--expect-revision", "0"] + database)
            #expect(stale.status == 75)
            #expect(stale.stderr.contains("the study is at revision 1, not 0: someone published since"))
            let revisions = try regimen.run(["study", "revisions", "--format", "json"] + database)
            #expect(revisions.status == 0)
            #expect(revisions.stdout.contains("\"change\": \"added\""))
            let participants = try regimen.run(["study", "participants", "--format", "csv"] + database)
            #expect(
                participants.stdout == """
                    label,zone,enrolled,withdrawn,study_day
                    P1,Pacific/Chatham,2026-11-20T00:00:00+13:45,,5

                    """)

            let login = "reader_" + UUID().uuidString.prefix(8).lowercased()
            try server.administer("CREATE ROLE \(login) LOGIN PASSWORD 'pw' IN ROLE regimen_reader")
            defer { try? server.administer("DROP OWNED BY \(login); DROP ROLE \(login)") }
            let refused = try regimen.run(
                [
                    "study", "publish", "--expect-revision", "1", "--role", "regimen_reader", "--database",
                    server.url(user: login, password: "pw"),
                ])
            #expect(refused.status == 77)
            #expect(refused.stderr.contains("role 'regimen_reader' may not publish a revision; nothing was changed"))
        }
    }
}
