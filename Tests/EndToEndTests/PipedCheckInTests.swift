import Foundation
import Testing

/// The built `regimen` binary driven with lines on a pipe, as researchers and scripts use it.
@Suite("End to end: piped check-in", .serialized)
struct PipedCheckInTests {
    /// Reads a JSON file into a dictionary.
    static func json(_ url: URL) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test("printf '4\\n8\\n' | regimen run checkin writes one ResearchKit-shaped result file and prints its path")
    func pipedCheckIn() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let run = try regimen.run(
            ["run", "checkin", "--results", regimen.results.path, "--store", regimen.store.path], input: "4\n8\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let files = regimen.resultFiles()
        try #require(files.count == 1)
        #expect(run.stdout.contains(files[0].lastPathComponent))
        let task = try Self.json(files[0])
        #expect(task["_class"] as? String == "ORKTaskResult")
        #expect(task["identifier"] as? String == "checkin")
        let steps = try #require(task["results"] as? [[String: Any]])
        #expect(steps.map { $0["identifier"] as? String } == ["checkin.form"])
        #expect(steps[0]["_class"] as? String == "ORKStepResult")
        let questions = try #require(steps[0]["results"] as? [[String: Any]])
        #expect(questions.map { $0["_class"] as? String } == ["ORKScaleQuestionResult", "ORKScaleQuestionResult"])
        #expect(questions.map { $0["identifier"] as? String } == ["checkin.form.pain", "checkin.form.sleep"])
        #expect(questions.map { $0["scaleAnswer"] as? Int } == [4, 8])
        // Prompts stay off standard output when input is piped.
        #expect(!run.stdout.contains("How would you rate your pain"))
        let mode = try FileManager.default.attributesOfItem(atPath: files[0].path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("An invalid line is refused with a precise message and the same question is asked again")
    func invalidThenValid() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let run = try regimen.run(
            ["run", "checkin", "--results", regimen.results.path, "--store", regimen.store.path], input: "11\n4\n8\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("11 is above the maximum 10: enter a whole number from 1 to 10"))
        #expect(regimen.resultFiles().count == 1)
    }

    @Test("Running out of lines exits 65, names the waiting step and writes nothing")
    func inputEndsEarly() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let run = try regimen.run(
            ["run", "checkin", "--results", regimen.results.path, "--store", regimen.store.path], input: "4\n")
        #expect(run.status == 65)
        #expect(run.stderr.contains("checkin.form"))
        #expect(run.stderr.contains("checkin.form.sleep"))
        #expect(regimen.resultFiles().isEmpty)
    }

    @Test("After a piped check-in the care feed shows it done with its values, and outcomes lists both kinds")
    func feedAndOutcomes() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let run = try regimen.run(["run", "checkin", "--store", regimen.store.path], input: "4\n8\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let feed = try regimen.run(["--store", regimen.store.path])
        #expect(feed.status == 0, "stderr: \(feed.stderr)")
        #expect(feed.stdout.contains("Check In"))
        #expect(feed.stdout.contains("done at 08:04"))
        #expect(feed.stdout.contains("Pain 4"))
        #expect(feed.stdout.contains("Sleep 8 h"))
        let outcomes = try regimen.run(["outcomes", "--store", regimen.store.path, "--format", "json"])
        #expect(outcomes.status == 0, "stderr: \(outcomes.stderr)")
        let rows = try #require(JSONSerialization.jsonObject(with: Data(outcomes.stdout.utf8)) as? [[String: Any]])
        let kinds = rows.compactMap { $0["kind"] as? String }.sorted()
        #expect(kinds == ["checkin.form.pain", "checkin.form.sleep"])
        #expect(rows.compactMap { $0["value"] as? Double }.sorted() == [4, 8])
    }

    @Test("A recorded transcript replays twice into byte-identical result files")
    func replayDeterminism() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let transcript = regimen.sandbox.appendingPathComponent("checkin.jsonl")
        let recorded = try regimen.run(
            [
                "run", "checkin", "--record", transcript.path, "--results",
                regimen.sandbox.appendingPathComponent("live").path,
                "--store", regimen.store.path,
            ],
            input: "0\n5\nback\n6\n7\n"
        )
        #expect(recorded.status == 0, "stderr: \(recorded.stderr)")
        let lines = try String(contentsOf: transcript, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 6)  // header + every typed line, the invalid one and back included
        var files: [Data] = []
        for attempt in 1...2 {
            let folder = regimen.sandbox.appendingPathComponent("replay\(attempt)")
            let replay = try regimen.run([
                "replay", "checkin", transcript.path, "--results", folder.path, "--store", regimen.store.path,
            ])
            #expect(replay.status == 0, "stderr: \(replay.stderr)")
            let written = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            try #require(written.count == 1)
            files.append(try Data(contentsOf: written[0]))
        }
        #expect(files[0] == files[1])
        let tree = try #require(JSONSerialization.jsonObject(with: files[0]) as? [String: Any])
        let questions = try #require(((tree["results"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(questions.map { $0["scaleAnswer"] as? Int } == [6, 7])
    }

    @Test("Replaying against a changed survey fails naming the first prompt that no longer matches, without answers")
    func replayAgainstChangedSurvey() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let transcript = regimen.sandbox.appendingPathComponent("checkin.jsonl")
        let recorded = try regimen.run(
            ["run", "checkin", "--record", transcript.path, "--store", regimen.store.path], input: "7\nzebra\n9\n")
        #expect(recorded.status == 0, "stderr: \(recorded.stderr)")
        let changed = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: changed, withIntermediateDirectories: true)
        let shipped = try String(
            contentsOf: RegimenProcess.packageRoot.appendingPathComponent("surveys/checkin.yaml"), encoding: .utf8)
        try shipped.replacingOccurrences(of: "checkin.form.sleep", with: "checkin.form.rest")
            .write(to: changed.appendingPathComponent("checkin.yaml"), atomically: true, encoding: .utf8)
        let replay = try regimen.run([
            "replay", "checkin", transcript.path, "--surveys", changed.path,
            "--store", regimen.sandbox.appendingPathComponent("other.sqlite").path,
        ])
        #expect(replay.status == 65)
        #expect(replay.stderr.contains("checkin.form.rest"), "stderr: \(replay.stderr)")
        #expect(replay.stderr.contains("checkin.form.sleep"), "stderr: \(replay.stderr)")
        #expect(!replay.stderr.contains("zebra"), "a typed line leaked: \(replay.stderr)")
        #expect(regimen.resultFiles().isEmpty || !replay.stdout.contains("Saved"))
    }

    @Test("validate lists every problem of a broken folder with file and place, and exits 65")
    func validateBrokenFolder() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let folder = regimen.sandbox.appendingPathComponent("broken", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shipped = try String(
            contentsOf: RegimenProcess.packageRoot.appendingPathComponent("surveys/checkin.yaml"), encoding: .utf8)
        try ("bogusKey: 1\n" + shipped).write(
            to: folder.appendingPathComponent("checkin.yaml"), atomically: true, encoding: .utf8)
        try "id: [unclosed\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let run = try regimen.run(["validate", folder.path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("checkin.yaml"))
        #expect(run.stderr.contains("bogusKey"))
        #expect(run.stderr.contains("bad.yaml"))
        let good = try regimen.run(["validate", RegimenProcess.packageRoot.appendingPathComponent("surveys").path])
        #expect(good.status == 0, "stderr: \(good.stderr)")
    }
}
