import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `regimen study ingest` as a researcher runs it, against the test server: an export folder with a bad file and an
/// unknown participant (listed, the rest stored), a second run (all unchanged), a higher version, a withdrawn
/// participant, and a kill midway followed by a rerun, of one participant and of an export folder stored on several
/// connections at once (docs/study-database.md, "Ingest").
@Suite(.enabled(if: StudyServer.isAvailable, "no test server: run through scripts/test or scripts/with-postgres"))
struct StudyIngestCommandTests {
    /// A study "trial" with participants `labels` (UTC, enrolled 2018-01-01) and the shipped surveys published.
    private static func study(_ server: StudyServer, _ regimen: RegimenProcess, labels: [String]) throws -> [String] {
        let database = ["--database", server.url]
        #expect(try regimen.run(["study", "init", "--study", "trial"] + database).status == 0)
        for label in labels {
            let enrolled = try regimen.run(
                ["study", "enroll", label, "--zone", "UTC", "--enrolled", "2018-01-01"] + database)
            #expect(enrolled.status == 0, "\(enrolled.stderr)")
        }
        let published = try regimen.run(["study", "publish", "--expect-revision", "0"] + database)
        #expect(published.status == 0, "\(published.stderr)")
        return database
    }

    /// One number a query returns, read with psql.
    private static func number(_ server: StudyServer, _ sql: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", server.url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func anExportFolderIsStoredOnceWithItsProblemsListed() throws {
        try StudyServer.withDatabase { server in
            let sandbox = try IngestSandbox()
            defer { sandbox.cleanUp() }
            let database = try Self.study(server, sandbox.regimen, labels: ["P1", "P2"])
            let export = try sandbox.folder("export")
            try IngestSandbox.writeDaily(0..<3, into: try sandbox.folder("export/P1/2018-01"))
            try FileManager.default.createDirectory(
                at: export.appendingPathComponent("P2"), withIntermediateDirectories: true)
            try Data(
                IngestSandbox.checkIn(run: IngestSandbox.runUUID(1, salt: 2), end: "2018-01-02T09:00:00+0100").utf8
            )
            .write(to: export.appendingPathComponent("P2/one.json"))
            try Data("{\"_class\": \"ORKTaskResult\"".utf8).write(to: export.appendingPathComponent("P2/broken.json"))
            try FileManager.default.createDirectory(
                at: export.appendingPathComponent("P9"), withIntermediateDirectories: true)

            let first = try sandbox.run(["study", "ingest", "--export-folder", export.path] + database)
            #expect(first.status == 65)
            #expect(
                first.stdout.hasPrefix(
                    "participants 3\ningested 4, unchanged 0, replaced 0, superseded 0, rejected 2\n"))
            #expect(first.stdout.contains("  \(export.path)/P2/broken.json: "))
            #expect(
                first.stdout.contains(
                    "  \(export.path)/P9: the study has no participant 'P9' (study participants lists them)"))
            #expect(first.stderr == "regimen: 2 of 6 files or folders were rejected\n")
            #expect(try Self.number(server, "SELECT count(*) FROM outcome") == 4)
            #expect(try Self.number(server, "SELECT count(*) FROM outcome_value") == 8)
            // The offset the end date was written with: +0100 is 3600 s.
            #expect(
                try Self.number(
                    server,
                    "SELECT recorded_utc_offset FROM outcome o JOIN participant p ON p.id = o.participant_id WHERE p.label = 'P2'"
                ) == 3600)

            let again = try sandbox.run(["study", "ingest", "--export-folder", export.path] + database)
            #expect(
                again.stdout.hasPrefix(
                    "participants 3\ningested 0, unchanged 4, replaced 0, superseded 0, rejected 2\n"))
            #expect(try Self.number(server, "SELECT count(*) FROM outcome") == 4)

            let newer = export.appendingPathComponent("P2/one-v2.json")
            try Data(
                IngestSandbox.checkIn(
                    run: IngestSandbox.runUUID(1, salt: 2), end: "2018-01-02T09:00:00+0100", pain: 9,
                    userInfo: "{\"syncVersion\": 2}"
                ).utf8
            ).write(to: newer)
            let replaced = try sandbox.run(["study", "ingest", "P2", newer.path] + database)
            #expect(replaced.status == 0, "\(replaced.stderr)")
            #expect(replaced.stdout == "ingested 0, unchanged 0, replaced 1, superseded 0, rejected 0\n")
            #expect(try Self.number(server, "SELECT count(*) FROM outcome WHERE end_reason = 'replaced'") == 1)

            #expect(try sandbox.run(["study", "withdraw", "P2"] + database).status == 0)
            let withdrawn = try sandbox.run(["study", "ingest", "P2", newer.path] + database)
            #expect(withdrawn.status == 1)
            #expect(withdrawn.stderr.contains("participant 'P2' withdrew at "))
            #expect(withdrawn.stderr.contains("nothing new is ingested for them; nothing was changed"))
            let unknown = try sandbox.run(["study", "ingest", "P7", newer.path] + database)
            #expect(unknown.status == 64)
        }
    }

    @Test func aKilledIngestKeepsWholeTransactionsAndARerunCompletesIt() throws {
        try StudyServer.withDatabase { server in
            let sandbox = try IngestSandbox()
            defer { sandbox.cleanUp() }
            let database = try Self.study(server, sandbox.regimen, labels: ["P1"])
            let folder = try sandbox.folder("P1")
            // 2,500 files: a transaction of 2,000, then one of 500.
            try IngestSandbox.writeDaily(0..<2_500, into: folder)
            let launched = try sandbox.launch(["study", "ingest", "P1", folder.path] + database)
            // Killed as soon as the first transaction is seen committed (or after the end, if it is quicker).
            while launched.process.isRunning, try Self.number(server, "SELECT count(*) FROM outcome") == 0 {
                Thread.sleep(forTimeInterval: 0.02)
            }
            kill(launched.process.processIdentifier, SIGKILL)
            _ = launched.finish()
            let stored = try Self.number(server, "SELECT count(*) FROM outcome")
            #expect([0, 2_000, 2_500].contains(stored), "only whole transactions: \(stored) rows")
            #expect(try Self.number(server, "SELECT count(*) FROM outcome_value") == 2 * stored)

            let rerun = try sandbox.run(["study", "ingest", "P1", folder.path] + database)
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.stdout.hasPrefix("ingested \(2_500 - stored), unchanged \(stored), replaced 0"))
            #expect(try Self.number(server, "SELECT count(DISTINCT sync_id) FROM outcome") == 2_500)
            #expect(try Self.number(server, "SELECT count(*) FROM outcome") == 2_500)
            #expect(try Self.number(server, "SELECT count(DISTINCT server_seq) FROM outcome") == 2_500)
        }
    }

    @Test func aKilledExportFolderIngestKeepsWholeParticipantsFromEveryConnectionAndARerunCompletesIt() throws {
        try StudyServer.withDatabase { server in
            let sandbox = try IngestSandbox()
            defer { sandbox.cleanUp() }
            let labels = (1...8).map { "P\($0)" }
            let database = try Self.study(server, sandbox.regimen, labels: labels)
            // Each participant's 300 files are one transaction; several participants are stored at once.
            for label in labels { try IngestSandbox.writeDaily(0..<300, into: try sandbox.folder("export/\(label)")) }
            let export = sandbox.regimen.sandbox.appendingPathComponent("export").path
            let launched = try sandbox.launch(["study", "ingest", "--export-folder", export] + database)
            while launched.process.isRunning, try Self.number(server, "SELECT count(*) FROM outcome") == 0 {
                Thread.sleep(forTimeInterval: 0.02)
            }
            kill(launched.process.processIdentifier, SIGKILL)
            _ = launched.finish()
            let stored = try Self.number(server, "SELECT count(*) FROM outcome")
            #expect(stored % 300 == 0, "only whole participants: \(stored) rows")
            #expect(
                try Self.number(
                    server,
                    "SELECT count(*) FROM (SELECT participant_id FROM outcome GROUP BY participant_id HAVING count(*) <> 300) p"
                )
                    == 0)
            #expect(try Self.number(server, "SELECT count(*) FROM outcome_value") == 2 * stored)

            let rerun = try sandbox.run(["study", "ingest", "--export-folder", export] + database)
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(
                rerun.stdout.contains("ingested \(2_400 - stored), unchanged \(stored), replaced 0"), "\(rerun.stdout)")
            #expect(try Self.number(server, "SELECT count(*) FROM outcome") == 2_400)
            #expect(
                try Self.number(
                    server,
                    "SELECT count(*) FROM participant p WHERE (SELECT count(*) FROM outcome o WHERE o.participant_id = p.id) <> 300"
                )
                    == 0)
            // Every participant's rows are numbered 1…n by their own sequence, whichever connection stored them.
            #expect(
                try Self.number(
                    server,
                    "SELECT count(*) FROM (SELECT participant_id FROM outcome GROUP BY participant_id "
                        + "HAVING min(server_seq) < 1 OR count(DISTINCT server_seq) <> 300) p") == 0)
        }
    }
}
