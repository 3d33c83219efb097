import Foundation
import Testing

/// The study service as devices and attackers meet it (docs/study-service.md): the real `regimen study serve` over
/// HTTPS with a CA the test makes, in front of the private test server; devices are the real `regimen`, and requests
/// the tests shape byte by byte come from `Scripts/service-probe.py`.
@Suite(.enabled(if: StudyServer.isAvailable, "no test server: run through scripts/test or scripts/with-postgres"))
struct StudyServiceTests {
    /// A study with the check-in published and participants P001 and P002 (Berlin) enrolled on 2026-03-20; returns
    /// their first codes.
    static func study(_ scenario: StudyScenario) throws -> (String, String) {
        try scenario.expect(["study", "init", "--study", "trial"], status: 0)
        try scenario.expect(
            ["study", "publish", "--surveys", scenario.surveys.path, "--expect-revision", "0"], status: 0)
        let first = try scenario.expect(
            ["study", "enroll", "P001", "--zone", "Europe/Berlin", "--enrolled", "2026-03-20"], status: 0)
        let second = try scenario.expect(
            ["study", "enroll", "P002", "--zone", "Europe/Berlin", "--enrolled", "2026-03-20"], status: 0)
        return (try SyncCommandTests.code(in: first.stdout), try SyncCommandTests.code(in: second.stdout))
    }

    func store(_ scenario: StudyScenario, _ name: String) -> String {
        scenario.sandbox.appendingPathComponent("\(name).sqlite").path
    }

    /// `regimen ARGS --store NAME` at `now`; devices have no database URL.
    func device(_ scenario: StudyScenario, _ name: String, _ arguments: [String], input: String = "", now: String)
        throws -> RegimenProcess.Outcome
    {
        try scenario.regimen(
            arguments + ["--store", store(scenario, name)], input: input, now: now, zone: "Europe/Berlin",
            databaseURL: "")
    }

    /// Enrolls device `name` with `code` through `service`.
    func enroll(_ scenario: StudyScenario, _ name: String, _ code: String, _ service: StudyServiceProcess) throws
        -> RegimenProcess.Outcome
    {
        try device(
            scenario, name, ["enroll", code, "--server", service.url, "--ca-file", service.caFile],
            now: "2026-03-20T07:00:00Z")
    }

    /// The device's token and id, from the file beside its store.
    func credential(_ scenario: StudyScenario, _ name: String) throws -> (token: String, device: String) {
        let data = try Data(contentsOf: URL(fileURLWithPath: store(scenario, name) + ".device-token"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try #require(object["token"] as? String), try #require(object["device"] as? String).lowercased())
    }

    /// One request through the probe: the status and the body.
    static func request(
        _ service: StudyServiceProcess, _ method: String, _ path: String, token: String?, body: String? = nil,
        in folder: URL
    ) throws -> (status: Int, body: String) {
        var arguments = [probe.path, "request", service.url, service.caFile, method, path, token ?? ""]
        if let body {
            let file = folder.appendingPathComponent("body-\(UUID().uuidString).json")
            try body.write(to: file, atomically: true, encoding: .utf8)
            arguments.append(file.path)
        }
        let run = try Self.python(arguments, seconds: 60, in: folder)
        let lines = run.stdout.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return (Int(lines.first ?? "") ?? 0, lines.count > 1 ? String(lines[1]) : "")
    }

    /// schemathesis, when installed (scripts/test installs it).
    static let schemathesis: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("schemathesis")
        }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs python3 with `arguments`, killed after `seconds`: its status (nil when killed) and output.
    static func python(_ arguments: [String], seconds: Double, in folder: URL) throws -> (
        status: Int32?, stdout: String, stderr: String
    ) {
        try process(try #require(RegimenProcess.python), arguments, seconds: seconds, in: folder)
    }

    /// Runs `executable` with `arguments`, killed after `seconds`: its status (nil when killed) and output.
    static func process(
        _ executable: URL, _ arguments: [String], seconds: Double, in folder: URL
    ) throws -> (status: Int32?, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // schemathesis keeps a cache in its working folder: the sandbox, not the repository.
        process.currentDirectoryURL = folder
        let out = folder.appendingPathComponent("probe-\(UUID().uuidString).out")
        let err = folder.appendingPathComponent("probe-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        let killed = process.isRunning
        if killed { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (
            killed ? nil : process.terminationStatus, (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        )
    }

    static var probe: URL {
        RegimenProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Scripts/service-probe.py")
    }

    /// The outcome uuids and pain values of a pull page.
    static func outcomes(in body: String) throws -> [(uuid: String, taskVersion: String, values: [Int])] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        return rows.compactMap { row in
            guard let stated = row["outcome"] as? [String: Any], let outcome = stated["outcome"] as? [String: Any]
            else { return nil }
            let values = (outcome["values"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? Int }
            return (
                (outcome["uuid"] as? String ?? "").lowercased(), (outcome["taskVersion"] as? String ?? "").lowercased(),
                values
            )
        }
    }

    /// Runs `body` with a new study (P001 and P002 enrolled, their codes given), on its own database.
    static func withStudy(_ body: (StudyServer, inout StudyScenario, (String, String)) throws -> Void) throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            scenario.now = "2026-03-20T07:00:00Z"
            let codes = try study(scenario)
            try body(server, &scenario, codes)
        }
    }

    /// Runs `body` with a new study, the service started (with `arguments`) and P001's phone enrolled through it;
    /// `beforeService` runs first (on the database, before the service starts).
    func withEnrolledPhone(
        serviceArguments: [String] = [], beforeService: (StudyServer) throws -> Void = { _ in },
        _ body: (StudyServer, StudyScenario, StudyServiceProcess) throws -> Void
    ) throws {
        try Self.withStudy { server, scenario, codes in
            try beforeService(server)
            try scenario.startService(arguments: serviceArguments)
            let service = try #require(scenario.service)
            let enrolled = try enroll(scenario, "phone", codes.0, service)
            #expect(enrolled.status == 0, "\(enrolled.stderr)")
            try body(server, scenario, service)
        }
    }

    @Test func twoParticipantsThreeDevicesAndTwoInstancesEachDeviceReachesOnlyItsParticipantsRows() throws {
        try Self.withStudy { server, scenario, codes in
            let (codeA, codeB) = codes
            try scenario.startService()
            let first = try #require(scenario.service)
            let second = try StudyServiceProcess(
                adminURL: server.url, folder: scenario.sandbox.appendingPathComponent("second"))
            defer { second.stop() }
            let codeA2 = try SyncCommandTests.code(
                in: try scenario.expect(["study", "code", "P001"], status: 0).stdout)
            // P001's phone enrolls through one instance and their laptop through the other; P002's phone through the
            // first.
            for (name, code, service) in [
                ("a-phone", codeA, first), ("a-laptop", codeA2, second), ("b-phone", codeB, first),
            ] {
                let enrolled = try enroll(scenario, name, code, service)
                #expect(enrolled.status == 0, "\(enrolled.stderr)")
            }
            for (name, input, day) in [
                ("a-phone", "4\n7\n", "21"), ("a-laptop", "5\n6\n", "22"), ("b-phone", "9\n3\n", "21"),
            ] {
                let run = try device(scenario, name, ["run", "checkin"], input: input, now: "2026-03-\(day)T07:10:00Z")
                #expect(run.status == 0, "\(run.stderr)")
            }
            for name in ["a-phone", "a-laptop", "b-phone", "a-phone"] {
                let synced = try device(scenario, name, ["sync"], now: "2026-03-22T08:00:00Z")
                #expect(synced.status == 0, "\(synced.stderr)")
            }
            // The two instances converged: P001's devices show the same feed, and P002's shows none of P001's answers.
            let feeds = try ["a-phone", "a-laptop", "b-phone"].map {
                try device(scenario, $0, ["today", "--week"], now: "2026-03-22T09:00:00Z").stdout
            }
            #expect(feeds[0] == feeds[1], "\(feeds[0])\n---\n\(feeds[1])")
            #expect(!feeds[2].contains("Pain 4") && !feeds[2].contains("Pain 5"), "\(feeds[2])")

            // Through every route, B's token reaches only P002's rows.
            let a = try credential(scenario, "a-phone")
            let b = try credential(scenario, "b-phone")
            let pullA = try Self.request(
                first, "GET", "/v1/pull?after=0&limit=1000", token: a.token, in: scenario.sandbox)
            let pullB = try Self.request(
                second, "GET", "/v1/pull?after=0&limit=1000", token: b.token, in: scenario.sandbox)
            #expect(pullA.status == 200 && pullB.status == 200)
            let outcomesA = try Self.outcomes(in: pullA.body)
            let outcomesB = try Self.outcomes(in: pullB.body)
            #expect(outcomesA.count == 2 && outcomesB.count == 1, "\(outcomesA) \(outcomesB)")
            #expect(outcomesB.first?.values.first == 9)
            #expect(Set(outcomesA.map(\.uuid)).isDisjoint(with: outcomesB.map(\.uuid)))
            // B's token with A's anchor: nothing of A's, whatever the anchor.
            let anchorA = try #require(
                (try JSONSerialization.jsonObject(with: Data(pullA.body.utf8)) as? [String: Any])?["anchor"] as? Int)
            for after in [0, anchorA / 2, anchorA - 1, anchorA] {
                let page = try Self.request(
                    first, "GET", "/v1/pull?after=\(after)&limit=1000", token: b.token, in: scenario.sandbox)
                #expect(page.status == 200)
                #expect(try Self.outcomes(in: page.body).allSatisfy { !outcomesA.map(\.uuid).contains($0.uuid) })
            }
            let statusB = try Self.request(first, "GET", "/v1/device", token: b.token, in: scenario.sandbox)
            #expect(
                statusB.status == 200 && statusB.body.contains("\"participant\":\"P002\"")
                    && !statusB.body.contains("P001"))
            // B pushing an answer to A's task version is refused whole, and says nothing of A.
            let taskA = try #require(outcomesA.first?.taskVersion)
            let push = """
                {"outboxEnd": 1000, "deviceNow": 796000000, "changes": [{"localSeq": 1000, "kind": "version", "outcome": {
                "uuid": "\(UUID().uuidString)", "id": "x", "taskVersion": "\(taskA)", "occurrence": 1, "values": [],
                "createdDate": 796000000, "eventStart": 796000000, "eventEnd": 796086399, "syncVersion": 1}}]}
                """
            let refused = try Self.request(first, "POST", "/v1/push", token: b.token, body: push, in: scenario.sandbox)
            #expect(
                refused.status == 422 && refused.body.contains("unprocessable") && !refused.body.contains("P001"),
                "\(refused)")
            let long = try scenario.expect(["study", "outcomes", "--long", "--format", "csv"], status: 0).stdout
            #expect(long.split(separator: "\n").filter { $0.contains("checkin.form.pain") }.count == 3, "\(long)")

            // The laptop is revoked mid-life: its next request is refused, its answers stay, the phone syncs on.
            let laptop = try credential(scenario, "a-laptop")
            let revoked = try scenario.expect(["study", "revoke", laptop.device], status: 0)
            #expect(revoked.stdout.contains("revoked device \(laptop.device)"))
            let refusedSync = try device(scenario, "a-laptop", ["sync"], now: "2026-03-22T10:00:00Z")
            #expect(refusedSync.status == 77 && refusedSync.stderr.contains("revoked"), "\(refusedSync.stderr)")
            #expect(!refusedSync.stderr.contains(laptop.token))
            #expect(try device(scenario, "a-phone", ["sync"], now: "2026-03-22T10:00:00Z").status == 0)
            let devices = try scenario.expect(["study", "devices", "--format", "csv"], status: 0).stdout
            #expect(
                devices.split(separator: "\n").contains { $0.contains(laptop.device) && $0.contains(",revoked,") },
                "\(devices)")
            #expect(
                try scenario.expect(["study", "outcomes", "--long", "--format", "csv"], status: 0).stdout
                    .split(separator: "\n").filter { $0.contains("checkin.form.pain") }.count == 3)

            // The audit log has each change, by whom; and neither instance logged a token.
            let audit = try scenario.expect(["study", "audit", "--format", "csv"], status: 0).stdout
            for action in [",publish,", ",enroll,", ",code,", ",device-enroll,", ",push,", ",revoke,"] {
                #expect(audit.contains(action), "\(action) missing from\n\(audit)")
            }
            for log in [first.log, second.log] {
                #expect(!log.contains(a.token) && !log.contains(b.token) && !log.contains(laptop.token))
                #expect(log.contains("route=/v1/pull"))
            }
        }
    }

    @Test func spentExpiredAndGuessedCodesEnrollNothingAndTooManyAttemptsAreRefused() throws {
        try Self.withStudy { server, scenario, codes in
            let (codeA, codeB) = codes
            let service = try StudyServiceProcess(
                adminURL: server.url, folder: scenario.sandbox.appendingPathComponent("service"),
                arguments: ["--enrollment-burst", "4"])
            defer { service.stop() }
            #expect(try enroll(scenario, "phone", codeA, service).status == 0)
            let spent = try enroll(scenario, "tablet", codeA, service)
            #expect(spent.status == 77 && spent.stderr.contains("not valid"), "\(spent.stderr)")
            let guessed = try enroll(scenario, "tablet", "7K2QX-9M4TD-0PA3R-X5V8C", service)
            #expect(guessed.status == 77 && guessed.stderr.contains("not valid"), "\(guessed.stderr)")
            try server.administer(
                "UPDATE enrolment_code SET expires_at = now() - interval '1 second' WHERE used_at IS NULL")
            let expired = try enroll(scenario, "tablet", codeB, service)
            #expect(expired.status == 77 && expired.stderr.contains("not valid"), "\(expired.stderr)")
            // The three answers were alike; none enrolled a device.
            #expect(Set([spent.stderr, guessed.stderr, expired.stderr]).count == 1)
            let devices = try scenario.expect(["study", "devices", "--format", "csv"], status: 0).stdout
            #expect(devices.split(separator: "\n").count == 2, "\(devices)")
            // The fifth attempt from this address within seconds is refused with when to try again.
            let limited = try enroll(scenario, "tablet", "7K2QX-9M4TD-0PA3R-X5V8D", service)
            #expect(
                limited.status == 75 && limited.stderr.contains("too many enrollment attempts"), "\(limited.stderr)")
        }
    }

    @Test func hostileRequestsGetTheirErrorOrAreCutOffAndTheServiceServesOthers() throws {
        try withEnrolledPhone { _, scenario, service in
            let token = try credential(scenario, "phone").token
            let run = try Self.python(
                [Self.probe.path, "hostile", service.url, service.caFile, token], seconds: 300, in: scenario.sandbox)
            #expect(run.status == 0 && run.stdout.contains("checks passed"), "\(run.stdout)\(run.stderr)")
            #expect(try device(scenario, "phone", ["sync"], now: "2026-03-20T08:00:00Z").status == 0)
            #expect(!service.log.contains(token))
            // A token the service does not know (a token file from elsewhere): its own message and exit code, 67.
            let file = store(scenario, "phone") + ".device-token"
            let forged = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
                of: token, with: "rgm_" + String(repeating: "ab", count: 32))
            try forged.write(toFile: file, atomically: true, encoding: .utf8)
            let refused = try device(scenario, "phone", ["sync"], now: "2026-03-20T08:10:00Z")
            #expect(
                refused.status == 67 && refused.stderr.contains("does not know this device's token"),
                "\(refused.stderr)")
            // No token file at all: said, with what to do.
            try FileManager.default.removeItem(atPath: file)
            let missing = try device(scenario, "phone", ["sync"], now: "2026-03-20T08:20:00Z")
            #expect(missing.status == 1 && missing.stderr.contains("device-token is missing"), "\(missing.stderr)")
        }
    }

    @Test func aServiceKilledDuringSyncsAndAClientStoppedMidPushLoseNothingAndHoldNothing() throws {
        try Self.withStudy { server, scenario, codes in
            let (codeA, codeB) = codes
            try scenario.startService()
            let service = try #require(scenario.service)
            let codeA2 = try SyncCommandTests.code(
                in: try scenario.expect(["study", "code", "P001"], status: 0).stdout)
            for (name, code) in [("a-phone", codeA), ("a-laptop", codeA2), ("b-phone", codeB)] {
                #expect(try enroll(scenario, name, code, service).status == 0)
            }
            for (index, day) in (21...27).enumerated() {
                for name in ["a-phone", "b-phone"] {
                    let run = try device(
                        scenario, name, ["run", "checkin"], input: "\(index + 1)\n7\n", now: "2026-03-\(day)T07:10:00Z")
                    #expect(run.status == 0, "\(run.stderr)")
                }
            }
            // The service is killed (SIGKILL) while the phone syncs, and started again on the same port.
            let sync = Process()
            sync.executableURL = RegimenProcess.executable
            sync.arguments = ["sync", "--store", store(scenario, "a-phone")]
            sync.environment = ProcessInfo.processInfo.environment.merging(
                [
                    "REGIMEN_HOME": scenario.sandbox.appendingPathComponent("home").path,
                    "REGIMEN_NOW": "2026-03-28T07:00:00Z",
                    "TZ": "Europe/Berlin", "REGIMEN_DATABASE_URL": "",
                ], uniquingKeysWith: { $1 })
            sync.standardOutput = FileHandle.nullDevice
            sync.standardError = FileHandle.nullDevice
            try sync.run()
            usleep(150_000)
            try service.restart()
            sync.waitUntilExit()
            let again = try device(scenario, "a-phone", ["sync"], now: "2026-03-28T07:01:00Z")
            #expect(again.status == 0, "\(again.stderr)")

            // The P002 phone is stopped (SIGSTOP) in the middle of its sync; the others sync meanwhile, within the
            // service's lock timeout, since a stopped client holds no transaction.
            let stopped = Process()
            stopped.executableURL = RegimenProcess.executable
            stopped.arguments = ["sync", "--store", store(scenario, "b-phone")]
            stopped.environment = sync.environment
            stopped.standardOutput = FileHandle.nullDevice
            stopped.standardError = FileHandle.nullDevice
            try stopped.run()
            usleep(100_000)
            kill(stopped.processIdentifier, SIGSTOP)
            let start = Date()
            for name in ["a-laptop", "a-phone"] {
                let synced = try device(scenario, name, ["sync"], now: "2026-03-28T07:02:00Z")
                #expect(synced.status == 0, "\(synced.stderr)")
            }
            #expect(Date().timeIntervalSince(start) < 30, "the others waited for the stopped client")
            kill(stopped.processIdentifier, SIGKILL)
            stopped.waitUntilExit()
            #expect(try device(scenario, "b-phone", ["sync"], now: "2026-03-28T07:03:00Z").status == 0)
            #expect(try device(scenario, "a-laptop", ["sync"], now: "2026-03-28T07:04:00Z").status == 0)

            // Every answer is stored exactly once, on the server and on both of P001's devices.
            let long = try scenario.expect(["study", "outcomes", "--long", "--format", "csv"], status: 0).stdout
            let pain = long.split(separator: "\n").filter { $0.contains("checkin.form.pain") }
            #expect(pain.count == 14, "\(long)")
            let feeds = try ["a-phone", "a-laptop"].map {
                try device(scenario, $0, ["outcomes", "--format", "csv"], now: "2026-03-28T08:00:00Z").stdout
            }
            #expect(feeds[0] == feeds[1] && feeds[0].split(separator: "\n").count == 1 + 14, "\(feeds[0])")
        }
    }

    @Test(
        .enabled(if: StudyServiceTests.schemathesis != nil, "schemathesis is not installed: run through scripts/test"))
    func theRunningServiceAnswersAsItsOpenAPIDocumentSays() throws {
        try withEnrolledPhone(serviceArguments: ["--enrollment-burst", "100000"]) { _, scenario, service in
            #expect(
                try device(scenario, "phone", ["run", "checkin"], input: "4\n7\n", now: "2026-03-21T07:10:00Z").status
                    == 0)
            #expect(try device(scenario, "phone", ["sync"], now: "2026-03-21T07:20:00Z").status == 0)
            let token = try credential(scenario, "phone").token
            // An independent checker: every response, to valid and invalid requests, must match the document, none may
            // be a server error, and invalid requests must be refused. Bounded in examples and time. Not checked: that
            // every schema-valid request is accepted, since what a push may hold depends on more than its shape
            // (numbers increasing within outboxEnd, task versions the participant has) and a random one is rightly
            // refused.
            let run = try Self.process(
                try #require(Self.schemathesis),
                [
                    "run", service.url + "/v1/openapi.json", "--url", service.url, "--tls-verify", service.caFile,
                    "-H", "Authorization: Bearer \(token)", "--checks", "all", "--exclude-checks",
                    "positive_data_acceptance", "--max-examples", "25",
                    "--generation-deterministic", "--no-color",
                ], seconds: 600, in: scenario.sandbox)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(!service.log.contains(token))
        }
    }

    @Test func aServiceOnANewerSchemaServesV1AndADeviceToldItsVersionIsRetiredSaysToUpdate() throws {
        // A later Regimen migrated the schema: researchers' older commands refuse it, the service serves /v1 on.
        let migrated = { (server: StudyServer) in
            try server.administer(
                "INSERT INTO regimen_schema_migration (version, name) VALUES (99, 'a later migration')")
        }
        try withEnrolledPhone(beforeService: migrated) { _, scenario, _ in
            #expect(try device(scenario, "phone", ["sync"], now: "2026-03-20T08:00:00Z").status == 0)
            // A service that no longer serves v1: the device says to update Regimen, exit 76, nothing lost.
            let portFile = scenario.sandbox.appendingPathComponent("retired-port")
            let retired = Process()
            retired.executableURL = try #require(RegimenProcess.python)
            retired.arguments = [Self.probe.path, "retired", portFile.path]
            try retired.run()
            defer {
                kill(retired.processIdentifier, SIGKILL)
                retired.waitUntilExit()
            }
            var port = ""
            for _ in 0..<100 where port.isEmpty {
                usleep(50_000)
                port = (try? String(contentsOf: portFile, encoding: .utf8)) ?? ""
            }
            let told = try device(
                scenario, "phone", ["sync", "--server", "http://127.0.0.1:\(port)"], now: "2026-03-20T09:00:00Z")
            #expect(
                told.status == 76 && told.stderr.contains("update Regimen") && told.stderr.contains("serves 2"),
                "\(told.stderr)")
            let status = try device(scenario, "phone", ["sync", "status"], now: "2026-03-20T09:00:00Z")
            #expect(status.status == 0)
        }
    }

    @Test func sigtermStopsTheServiceGracefullyWithExitZero() throws {
        try withEnrolledPhone { _, scenario, service in
            #expect(service.signal(SIGTERM, waitingAtMost: 20) == 0)
            // Nothing listens any more: the device says so and loses nothing.
            let after = try device(scenario, "phone", ["sync"], now: "2026-03-20T08:00:00Z")
            #expect(after.status == 69 && after.stderr.contains("nothing answers"), "\(after.stderr)")
        }
    }
}
