import Foundation
import Testing

/// The knee range-of-motion task run and replayed from piped input with a recorded device-motion file.
@Suite("End to end: range of motion from a recording", .serialized)
struct PipedRangeOfMotionTests {
    /// The project's own knee recording (Tests/Fixtures/Motion, docs/test-fixtures.md): extension 0° → 80° → 0°.
    static let recording = RegimenProcess.packageRoot.appendingPathComponent(
        "Tests/Fixtures/Motion/knee-right-portrait.json")

    @Test("The recording's path as input writes an ORKRangeOfMotionResult matching `regimen motion` and stores `range`")
    func recordedRun() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        // Two instruction steps need an empty line each, then the measuring step takes the recording's path.
        let run = try regimen.run(
            ["run", "rangeOfMotionCheck", "--results", regimen.results.path, "--store", regimen.store.path],
            input: "\n\n\(Self.recording.path)\n"
        )
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let files = regimen.resultFiles()
        let resultFile = try #require(files.first { !$0.lastPathComponent.hasPrefix("deviceMotion_") })
        let tree = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: resultFile)) as? [String: Any])
        let steps = try #require(tree["results"] as? [[String: Any]])
        #expect(
            steps.compactMap { $0["identifier"] as? String } == [
                "instruction", "touch.anywhere", "knee.range.of.motion", "rom.completion",
            ])
        let measuring = try #require(
            steps.first { $0["identifier"] as? String == "knee.range.of.motion" }?["results"] as? [[String: Any]])
        let motion = try #require(measuring.first { $0["_class"] as? String == "ORKRangeOfMotionResult" })
        let file = try #require(measuring.first { $0["_class"] as? String == "ORKFileResult" })
        // The recording is kept beside the result file under the name the file result gives.
        let kept = resultFile.deletingLastPathComponent().appendingPathComponent(
            try #require(file["fileName"] as? String))
        #expect(FileManager.default.contentsEqual(atPath: kept.path, andPath: Self.recording.path))

        let report = try regimen.run(["motion", Self.recording.path, "--format", "json"])
        let computed = try #require(JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        for field in ["start", "finish", "minimum", "maximum", "range"] {
            #expect(motion[field] as? Double == computed[field] as? Double, "\(field)")
        }
        let range = try #require(computed["range"] as? Double)
        #expect(abs(range - 80) < 2)

        let outcomes = try regimen.run([
            "outcomes", "--store", regimen.store.path, "--task", "rangeOfMotionCheck", "--format", "json",
        ])
        let rows = try #require(JSONSerialization.jsonObject(with: Data(outcomes.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["kind"] as? String == "range")
        #expect(rows.first?["units"] as? String == "degrees")
        #expect(rows.first?["value"] as? Double == range)
        #expect(rows.first?["eventStart"] as? String == "2026-11-21T00:00:00Z")
    }

    @Test("Replaying the task from a file of lines (a recording path among them) stores today's range outcome")
    func replayedRun() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let lines = regimen.sandbox.appendingPathComponent("rom-lines.txt")
        try "\n\n\(Self.recording.path)\n".write(to: lines, atomically: true, encoding: .utf8)
        let replay = try regimen.run(["replay", "rangeOfMotionCheck", lines.path, "--store", regimen.store.path])
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
        // The range is 80° up to rounding (79.99999999999999), printed with one decimal.
        #expect(replay.stdout.contains("Stored Range 80.0 degrees on Range Of Motion"), "\(replay.stdout)")
        let events = try regimen.run([
            "events", "rangeOfMotionCheck", "--store", regimen.store.path, "--format", "json", "--from", "2026-11-21",
            "--to", "2026-11-21",
        ])
        let rows = try #require(JSONSerialization.jsonObject(with: Data(events.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["hasOutcome"] as? Bool } == [true])
    }

    @Test("A goniometer reading typed in degrees is stored and marked manual in the result")
    func goniometerReading() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let run = try regimen.run(
            ["run", "rangeOfMotionCheck", "--results", regimen.results.path, "--store", regimen.store.path],
            input: "\n\n30\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let text = try String(contentsOf: try #require(regimen.resultFiles().first), encoding: .utf8)
        #expect(text.contains("\"source\": \"goniometer\""))
        #expect(run.stdout.contains("Stored Range 60 degrees"))
    }
}
