import Foundation
import Testing

/// `regimen enroll` and `regimen sync` from the command line, through the real study service over HTTPS (a CA the test
/// makes) in front of the private test server (docs/study-sync.md, docs/study-service.md): two devices of one
/// participant answer today's check-in offline and sync; a copied store is refused until enrolled again as a new
/// device; codes and stores that cannot be used are refused with what to do.
@Suite(.enabled(if: StudyServer.isAvailable, "no test server: run through scripts/test or scripts/with-postgres"))
struct SyncCommandTests {
    /// A study with the check-in published, participant P001 (Berlin) enrolled on 2026-03-20 and the service started;
    /// returns their code.
    static func study(_ scenario: inout StudyScenario) throws -> String {
        try scenario.expect(["study", "init", "--study", "trial"], status: 0)
        try scenario.startService()
        try scenario.expect(
            ["study", "publish", "--surveys", scenario.surveys.path, "--expect-revision", "0"], status: 0)
        let enrolled = try scenario.expect(
            ["study", "enroll", "P001", "--zone", "Europe/Berlin", "--enrolled", "2026-03-20"], status: 0)
        return try code(in: enrolled.stdout)
    }

    /// The code a `study enroll` or `study code` printed.
    static func code(in output: String) throws -> String {
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("enrollment code for ") })
        return String(try #require(line.split(separator: " ").last))
    }

    func store(_ scenario: StudyScenario, _ name: String) -> String {
        scenario.sandbox.appendingPathComponent("\(name).sqlite").path
    }

    /// `regimen ARGS --store NAME` at `now` (on a machine that knows `databaseURL` when given).
    func device(
        _ scenario: StudyScenario, _ name: String, _ arguments: [String], input: String = "", now: String,
        databaseURL: String? = nil
    ) throws -> RegimenProcess.Outcome {
        // A device enrolls through the service, trusting the test's CA; it remembers both for its syncs.
        var service: [String] = []
        if arguments.first == "enroll", !arguments.contains("--bundle"), let running = scenario.service {
            service = ["--server", running.url, "--ca-file", running.caFile]
        }
        return try scenario.regimen(
            arguments + service + ["--store", store(scenario, name)], input: input, now: now, zone: "Europe/Berlin",
            databaseURL: databaseURL)
    }

    @Test func twoDevicesAnswerTodaysCheckInOfflineAndEndWithTheSameFeedOneLiveAndOneSuperseded() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            scenario.now = "2026-03-20T07:00:00Z"
            let first = try Self.study(&scenario)
            let second = try Self.code(in: try scenario.expect(["study", "code", "P001"], status: 0).stdout)
            for (name, code) in [("phone", first), ("laptop", second)] {
                let enrolled = try device(scenario, name, ["enroll", code], now: "2026-03-20T07:00:00Z")
                #expect(enrolled.status == 0, "\(enrolled.stderr)")
                #expect(enrolled.stdout.contains("participant P001 in study trial"), "\(enrolled.stdout)")
                #expect(enrolled.stdout.contains("received 1 task version"), "\(enrolled.stdout)")
            }
            // A used code enrolls nothing.
            let reused = try device(scenario, "tablet", ["enroll", first], now: "2026-03-20T07:00:00Z")
            #expect(reused.status == 77 && reused.stderr.contains("not valid"), "\(reused.stderr)")

            // Both answer the check-in of 21 March, offline: the phone at 08:10, the laptop at 08:20 (Berlin).
            let phone = try device(scenario, "phone", ["run", "checkin"], input: "4\n7\n", now: "2026-03-21T07:10:00Z")
            let laptop = try device(
                scenario, "laptop", ["run", "checkin"], input: "6\n5\n", now: "2026-03-21T07:20:00Z")
            #expect(phone.status == 0 && laptop.status == 0, "\(phone.stderr)\(laptop.stderr)")
            // The store holds no credential: the token is beside it, owner-only, and never in the service's log.
            let tokenFile = store(scenario, "phone") + ".device-token"
            #expect((try FileManager.default.attributesOfItem(atPath: tokenFile)[.posixPermissions] as? Int) == 0o600)
            let credential =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tokenFile)))
                as? [String: Any]
            let token = try #require(credential?["token"] as? String)
            let storeBytes = try Data(contentsOf: URL(fileURLWithPath: store(scenario, "phone")))
            #expect(storeBytes.range(of: Data(token.utf8)) == nil, "the store holds the device's token")
            let password = try #require(
                server.url.split(separator: "@").first?.split(separator: ":").last.map(String.init))
            #expect(storeBytes.range(of: Data(password.utf8)) == nil, "the store holds the database password")
            let waiting = try device(scenario, "phone", ["sync", "status"], now: "2026-03-21T07:30:00Z")
            #expect(waiting.stdout.contains("waiting to be sent: 1 change"), "\(waiting.stdout)")

            let phoneSync = try device(scenario, "phone", ["sync"], now: "2026-03-21T07:30:00Z")
            let laptopSync = try device(scenario, "laptop", ["sync"], now: "2026-03-21T07:31:00Z")
            let phoneAgain = try device(scenario, "phone", ["sync"], now: "2026-03-21T07:32:00Z")
            for run in [phoneSync, laptopSync, phoneAgain] { #expect(run.status == 0, "\(run.stderr)") }
            #expect(laptopSync.stdout.contains("two answers to one event"), "\(laptopSync.stdout)")
            #expect(phoneAgain.stdout.contains("sent 0 changes"), "\(phoneAgain.stdout)")

            let feeds = try ["phone", "laptop"].map {
                try device(scenario, $0, ["today"], now: "2026-03-21T07:40:00Z").stdout
            }
            #expect(feeds[0] == feeds[1])
            #expect(feeds[0].contains("Pain 6 · Sleep 5"), "the later run holds the event: \(feeds[0])")
            let status = try device(scenario, "phone", ["sync", "status"], now: "2026-03-21T07:40:00Z")
            #expect(status.stdout.contains("waiting to be sent: 0 changes"), "\(status.stdout)")
            #expect(!feeds[0].contains("Not synced"))
            // Three days later without a sync, the feed says so; a sync ends the reminder.
            let stale = try device(scenario, "laptop", ["today"], now: "2026-03-24T08:00:00Z").stdout
            #expect(
                stale.contains(
                    "Not synced with the study for 3 days (last on Saturday 21 March 2026): run regimen sync"),
                "\(stale)")
            #expect(try device(scenario, "laptop", ["sync"], now: "2026-03-24T08:01:00Z").status == 0)
            #expect(
                !(try device(scenario, "laptop", ["today"], now: "2026-03-24T08:02:00Z").stdout.contains("Not synced")))

            // The study keeps both answers: one current, one superseded, in the long table and the export.
            let long = try scenario.expect(["study", "outcomes", "--long", "--format", "csv"], status: 0).stdout
            let painRows = long.split(separator: "\n").filter { $0.contains("checkin.form.pain") }
            #expect(painRows.count == 2)
            #expect(painRows.contains { $0.contains(",6,") && $0.hasSuffix(",current") })
            #expect(painRows.contains { $0.contains(",4,") && $0.hasSuffix(",superseded") })
            // Both devices are listed with what the study received from each; their pinned clocks are months behind the
            // server's, and the list says so.
            let devices = try scenario.expect(["study", "devices", "--format", "csv"], status: 0).stdout
                .split(separator: "\n").map {
                    $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                }
            #expect(
                devices.first == [
                    "participant", "device", "enrolled_utc", "last_sync_utc", "changes_received", "clock_offset_s",
                    "clock", "access",
                    "token_used_utc",
                ])
            #expect(
                devices.dropFirst().map { [$0[0], $0[4], $0[6], $0[7]] } == [
                    ["P001", "1", "off", "active"], ["P001", "1", "off", "active"],
                ],
                "\(devices)")
            let log = try #require(scenario.service).log
            #expect(!log.contains(token) && log.contains("route=/v1/push status=200"), "\(log)")
            let conflicts = try scenario.expect(["study", "conflicts", "--format", "csv"], status: 0).stdout
            #expect(
                conflicts.split(separator: "\n").count == 2 && conflicts.contains("P001,")
                    && conflicts.contains("same-event"))
        }
    }

    @Test func aCopiedStoreIsRefusedUntilEnrolledAgainAsANewDeviceAndNothingIsDuplicated() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            scenario.now = "2026-03-20T07:00:00Z"
            let code = try Self.study(&scenario)
            #expect(try device(scenario, "phone", ["enroll", code], now: "2026-03-20T07:00:00Z").status == 0)
            #expect(
                try device(scenario, "phone", ["run", "checkin"], input: "3\n8\n", now: "2026-03-21T07:10:00Z").status
                    == 0)
            #expect(try device(scenario, "phone", ["sync"], now: "2026-03-21T07:11:00Z").status == 0)
            // A backup copy of the phone's store is restored on a new phone, while the old one keeps answering.
            try FileManager.default.copyItem(atPath: store(scenario, "phone"), toPath: store(scenario, "copy"))
            try FileManager.default.copyItem(
                atPath: store(scenario, "phone") + ".device-token", toPath: store(scenario, "copy") + ".device-token")
            #expect(
                try device(scenario, "phone", ["run", "checkin"], input: "5\n6\n", now: "2026-03-22T07:10:00Z").status
                    == 0)
            #expect(try device(scenario, "phone", ["sync"], now: "2026-03-22T07:11:00Z").status == 0)
            #expect(
                try device(scenario, "copy", ["run", "checkin"], input: "2\n9\n", now: "2026-03-23T07:10:00Z").status
                    == 0)
            let refused = try device(scenario, "copy", ["sync"], now: "2026-03-23T07:11:00Z")
            #expect(refused.status == 1 && refused.stderr.contains("copy of another device"), "\(refused.stderr)")
            #expect(refused.stderr.contains("--new-device"))
            // Enrolled again as a new device, it sends everything again: only its own new answer is new.
            let again = try Self.code(in: try scenario.expect(["study", "code", "P001"], status: 0).stdout)
            let plain = try device(scenario, "copy", ["enroll", again], now: "2026-03-23T07:12:00Z")
            #expect(plain.status == 1 && plain.stderr.contains("already enrolled"), "\(plain.stderr)")
            let renewed = try device(scenario, "copy", ["enroll", again, "--new-device"], now: "2026-03-23T07:12:00Z")
            #expect(renewed.status == 0, "\(renewed.stderr)")
            #expect(renewed.stdout.contains("sent 1 change,"), "\(renewed.stdout)")
            #expect(try device(scenario, "phone", ["sync"], now: "2026-03-23T07:13:00Z").status == 0)
            let long = try scenario.expect(["study", "outcomes", "--long", "--format", "csv"], status: 0).stdout
            let pain = long.split(separator: "\n").filter { $0.contains("checkin.form.pain") }
            #expect(pain.count == 3, "three answers, each once: \(long)")
            let feeds = try ["phone", "copy"].map {
                try device(scenario, $0, ["today"], now: "2026-03-23T07:20:00Z").stdout
            }
            #expect(feeds[0] == feeds[1])
        }
    }

    @Test func aParticipantWhoTravelsKeepsTheirEventsAndEachAnswerRecordsItsZone() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            scenario.now = "2026-03-20T07:00:00Z"
            let code = try Self.study(&scenario)
            #expect(try device(scenario, "phone", ["enroll", code], now: "2026-03-20T07:00:00Z").status == 0)
            // 27 March from Tokyo (16:10 there, 08:10 at home), then 28 and 29 March at home across the change to
            // summer time (08:10 Berlin is 07:10Z, then 06:10Z).
            let answers: [(String, String)] = [
                ("2026-03-27T07:10:00Z", "Asia/Tokyo"), ("2026-03-28T07:10:00Z", "Europe/Berlin"),
                ("2026-03-29T06:10:00Z", "Europe/Berlin"),
            ]
            for (instant, zone) in answers {
                let run = try scenario.regimen(
                    ["run", "checkin", "--store", store(scenario, "phone")], input: "3\n7\n", now: instant, zone: zone)
                #expect(run.status == 0, "\(instant) \(zone): \(run.stderr)")
            }
            #expect(try device(scenario, "phone", ["sync"], now: "2026-03-29T07:00:00Z").status == 0)
            let long = try scenario.expect(["study", "outcomes", "--long", "--format", "csv"], status: 0).stdout
            let lines = long.split(separator: "\n").map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            let header = try #require(lines.first)
            let column = { (name: String) in try #require(header.firstIndex(of: name)) }
            let (kind, occurrence, zone, offset, start) = (
                try column("kind"), try column("occurrence"), try column("recorded_time_zone"),
                try column("recorded_utc_offset"),
                try column("event_start_local")
            )
            let pain = lines.dropFirst().filter { $0[kind] == "checkin.form.pain" }
            // One answer per day, on consecutive events at 08:00 home time, each with the zone it was given in.
            #expect(pain.map { $0[occurrence] } == ["7", "8", "9"])
            #expect(
                pain.map { $0[start] } == [
                    "2026-03-27T08:00:00+01:00", "2026-03-28T08:00:00+01:00", "2026-03-29T08:00:00+02:00",
                ])
            #expect(pain.map { $0[zone] } == ["Asia/Tokyo", "Europe/Berlin", "Europe/Berlin"])
            #expect(pain.map { $0[offset] } == ["32400", "3600", "7200"])
        }
    }

    @Test func anOfflineSiteSendsABundleThatTheStudyImportsOnceWhateverComesAfter() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            scenario.now = "2026-03-20T07:00:00Z"
            let code = try Self.study(&scenario)
            #expect(try device(scenario, "clinic", ["enroll", code], now: "2026-03-20T07:00:00Z").status == 0)
            for day in ["21", "22"] {
                let run = try device(
                    scenario, "clinic", ["run", "checkin"], input: "4\n6\n", now: "2026-03-\(day)T07:10:00Z")
                #expect(run.status == 0, "\(run.stderr)")
            }
            let file = scenario.sandbox.appendingPathComponent("clinic-bundle.json").path
            let written = try device(scenario, "clinic", ["sync", "--bundle", file], now: "2026-03-22T07:20:00Z")
            #expect(
                written.status == 0 && written.stdout.contains("wrote 2 changes"), "\(written.stdout)\(written.stderr)")
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let again = try device(scenario, "clinic", ["sync", "--bundle", file], now: "2026-03-22T07:21:00Z")
            #expect(again.status == 1 && again.stderr.contains("exists already"), "\(again.stderr)")

            let imported = try scenario.expect(["study", "import", file], status: 0)
            #expect(imported.stdout.contains("2 of 2 changes new"), "\(imported.stdout)")
            let twice = try scenario.expect(["study", "import", file], status: 0)
            #expect(twice.stdout.contains("0 of 2 changes new"), "\(twice.stdout)")
            // The device reaches the network later: what the bundle carried is known already.
            let synced = try device(scenario, "clinic", ["sync"], now: "2026-03-23T07:00:00Z")
            #expect(synced.status == 0 && synced.stdout.contains("sent 0 changes"), "\(synced.stdout)\(synced.stderr)")
            let long = try scenario.expect(["study", "outcomes", "--long", "--format", "csv"], status: 0).stdout
            #expect(long.split(separator: "\n").filter { $0.contains("checkin.form.pain") }.count == 2)

            // A damaged bundle is named with the place of the damage, and nothing is imported from it.
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let damaged = scenario.sandbox.appendingPathComponent("damaged.json").path
            try text.replacingOccurrences(of: "\"localSeq\" : 1", with: "\"localSeq\" : \"one\"")
                .write(toFile: damaged, atomically: true, encoding: .utf8)
            let refused = try scenario.regimen(["study", "import", damaged])
            #expect(
                refused.status == 65 && refused.stderr.contains("damaged.json: changes[0].localSeq"),
                "\(refused.stderr)")
            let cut = scenario.sandbox.appendingPathComponent("cut.json").path
            try String(text.prefix(text.count / 2)).write(toFile: cut, atomically: true, encoding: .utf8)
            let cutRun = try scenario.regimen(["study", "import", cut])
            #expect(cutRun.status == 65 && cutRun.stderr.contains("cut.json"), "\(cutRun.stderr)")
            let other = scenario.sandbox.appendingPathComponent("other.json").path
            try text.replacingOccurrences(of: "\"study\" : \"trial\"", with: "\"study\" : \"elsewhere\"")
                .write(toFile: other, atomically: true, encoding: .utf8)
            let otherRun = try scenario.regimen(["study", "import", other])
            #expect(otherRun.status == 65 && otherRun.stderr.contains("of study elsewhere"), "\(otherRun.stderr)")
        }
    }

    @Test func aDeviceThatNeverReachesTheDatabaseIsEnrolledAndSyncedByFiles() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            scenario.now = "2026-03-20T07:00:00Z"
            let code = try Self.study(&scenario)
            #expect(try device(scenario, "phone", ["enroll", code], now: "2026-03-20T07:00:00Z").status == 0)
            #expect(
                try device(scenario, "phone", ["run", "checkin"], input: "3\n8\n", now: "2026-03-21T07:10:00Z").status
                    == 0)
            #expect(try device(scenario, "phone", ["sync"], now: "2026-03-21T07:11:00Z").status == 0)

            // The researcher writes an enrollment bundle; the clinic's machine enrolls from it without any network.
            let enrollment = scenario.sandbox.appendingPathComponent("enroll-clinic.json").path
            let written = try scenario.expect(["study", "code", "P001", "--bundle", enrollment], status: 0)
            #expect(written.stdout.contains("1 task version, 1 answer"), "\(written.stdout)")
            #expect((try FileManager.default.attributesOfItem(atPath: enrollment)[.posixPermissions] as? Int) == 0o600)
            // The clinic's machine knows no database: REGIMEN_DATABASE_URL is empty there.
            let enrolled = try device(
                scenario, "clinic", ["enroll", "--bundle", enrollment], now: "2026-03-21T08:00:00Z", databaseURL: "")
            #expect(
                enrolled.status == 0 && enrolled.stdout.contains("1 task version and 1 answer"),
                "\(enrolled.stdout)\(enrolled.stderr)")
            let feed = try device(scenario, "clinic", ["today"], now: "2026-03-21T08:00:00Z").stdout
            #expect(feed.contains("Pain 3 · Sleep 8"), "the phone's answer came with the bundle: \(feed)")
            // Both or neither: a code and a bundle together is a usage error.
            let both = try device(
                scenario, "tablet", ["enroll", code, "--bundle", enrollment], now: "2026-03-21T08:00:00Z")
            #expect(both.status == 64, "\(both.stderr)")

            // The clinic answers, and its answers go back by file.
            #expect(
                try device(scenario, "clinic", ["run", "checkin"], input: "6\n5\n", now: "2026-03-22T07:10:00Z").status
                    == 0)
            let noURL = try device(scenario, "clinic", ["sync"], now: "2026-03-22T07:20:00Z", databaseURL: "")
            #expect(noURL.status == 64 && noURL.stderr.contains("enrolled from a bundle"), "\(noURL.stderr)")
            let outbox = scenario.sandbox.appendingPathComponent("clinic-out.json").path
            #expect(
                try device(
                    scenario, "clinic", ["sync", "--bundle", outbox], now: "2026-03-22T07:20:00Z", databaseURL: ""
                ).status == 0)
            let imported = try scenario.expect(["study", "import", outbox], status: 0)
            #expect(imported.stdout.contains("1 of 1 change new"), "\(imported.stdout)")
            #expect(try device(scenario, "phone", ["sync"], now: "2026-03-22T07:30:00Z").stdout.contains("1 answer"))
            let phoneFeed = try device(scenario, "phone", ["today"], now: "2026-03-22T07:40:00Z").stdout
            let clinicFeed = try device(scenario, "clinic", ["today"], now: "2026-03-22T07:40:00Z").stdout
            #expect(phoneFeed == clinicFeed && phoneFeed.contains("Pain 6 · Sleep 5"), "\(phoneFeed)\n\(clinicFeed)")
        }
    }

    @Test func codesAndStoresThatCannotBeUsedAreRefusedWithWhatToDo() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            scenario.now = "2026-03-20T07:00:00Z"
            let code = try Self.study(&scenario)
            let typo = try device(scenario, "phone", ["enroll", "ABC-123"], now: "2026-03-20T07:00:00Z")
            #expect(typo.status == 64 && typo.stderr.contains("not an enrollment code"), "\(typo.stderr)")
            let notEnrolled = try device(scenario, "phone", ["sync"], now: "2026-03-20T07:00:00Z")
            #expect(notEnrolled.status != 0 && !notEnrolled.stderr.isEmpty, "\(notEnrolled.stderr)")
            // A store with answers of its own cannot join, and the code stays usable.
            #expect(
                try device(scenario, "solo", ["run", "checkin"], input: "3\n8\n", now: "2026-03-21T07:10:00Z").status
                    == 0)
            let answered = try device(scenario, "solo", ["enroll", code], now: "2026-03-21T07:11:00Z")
            #expect(
                answered.status == 1 && answered.stderr.contains("1 answer given outside the study"),
                "\(answered.stderr)")
            #expect(try device(scenario, "phone", ["enroll", code], now: "2026-03-21T07:12:00Z").status == 0)
            // A service that cannot be reached is said so (exit 69), and the token never appears.
            let unreachable = try scenario.regimen(
                ["sync", "--store", store(scenario, "phone"), "--server", "https://127.0.0.1:1"],
                now: "2026-03-21T07:13:00Z")
            #expect(
                unreachable.status == 69 && unreachable.stderr.contains("nothing answers at https://127.0.0.1:1"),
                "\(unreachable.stderr)")
            #expect(!unreachable.stderr.contains("rgm_"), "\(unreachable.stderr)")
            // Plain HTTP is refused off this machine: the token would cross the network in clear.
            let plain = try scenario.regimen(
                ["sync", "--store", store(scenario, "phone"), "--server", "http://study.example.org"],
                now: "2026-03-21T07:13:00Z")
            #expect(plain.status == 64 && plain.stderr.contains("unencrypted"), "\(plain.stderr)")
        }
    }
}
