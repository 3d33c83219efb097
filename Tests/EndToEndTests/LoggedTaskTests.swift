import Foundation
import Testing

/// A logged task as a participant logs it (docs/logged-tasks.md): the shipped nausea task logged five times in a day
/// with `regimen log` — once for an earlier time entered last — gives five values with their times, in the care feed,
/// `outcomes` (long, wide, FHIR), without touching adherence; values the prompt refuses store nothing.
@Suite("End to end: logged tasks", .serialized)
struct LoggedTaskTests {
    @Test("five logs in a day: five values with their times everywhere, one outcome, adherence unchanged")
    func fiveLogs() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        for (value, time) in [("3", "00:30"), ("5", "02:00"), ("7", "04:15"), ("6", "08:04")] {
            let logged = try regimen.run(["log", "nausea", value, "--at", time])
            #expect(logged.status == 0, "stderr: \(logged.stderr)")
            #expect(logged.stdout == "Logged Track your nausea at \(time): Severity \(value).\n")
        }
        // Entered last, for an earlier time (in the participant's date form): it still joins the day's outcome.
        let late = try regimen.run(["log", "nausea", "2", "--at", "2026-11-21 01:10"])
        #expect(late.status == 0, "stderr: \(late.stderr)")

        let feed = try regimen.run([])
        #expect(
            feed.stdout.contains("✓ Track your nausea         logged 5× today, last at 08:04  Severity 6"),
            "\(feed.stdout)")
        #expect(feed.stdout.contains("Adherence ○ 0%  (0 of 3 done)"), "a logged task does not count: \(feed.stdout)")

        let long = try regimen.run(["outcomes", "--task", "nausea", "--format", "csv"])
        let rows = long.stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(rows.count == 5, "\(long.stdout)")
        #expect(rows.map { String($0[4]) } == ["3", "5", "7", "6", "2"])
        #expect(
            rows.map { String($0[6]) } == [
                "2026-11-21T00:30:00Z", "2026-11-21T02:00:00Z", "2026-11-21T04:15:00Z", "2026-11-21T08:04:00Z",
                "2026-11-21T01:10:00Z",
            ])
        #expect(Set(rows.map { String($0[2]) }) == ["2026-11-21T00:00:00Z"], "one event holds them all")

        let wide = try regimen.run(["outcomes", "--task", "nausea", "--format", "csv", "--wide"])
        #expect(
            wide.stdout == """
                task,occurrence,event start,created date,task run UUID,nausea.severity
                nausea,0,2026-11-21T00:00:00Z,2026-11-21T00:30:00Z,,3
                nausea,0,2026-11-21T00:00:00Z,2026-11-21T01:10:00Z,,2
                nausea,0,2026-11-21T00:00:00Z,2026-11-21T02:00:00Z,,5
                nausea,0,2026-11-21T00:00:00Z,2026-11-21T04:15:00Z,,7
                nausea,0,2026-11-21T00:00:00Z,2026-11-21T08:04:00Z,,6

                """, "\(wide.stdout)")

        let fhir = try regimen.run(["outcomes", "--task", "nausea", "--format", "fhir"])
        let bundle = try JSONSerialization.jsonObject(with: Data(fhir.stdout.utf8)) as? [String: Any]
        let observations = (bundle?["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
        #expect(
            observations.compactMap { $0["effectiveDateTime"] as? String } == [
                "2026-11-21T00:30:00Z", "2026-11-21T02:00:00Z", "2026-11-21T04:15:00Z", "2026-11-21T08:04:00Z",
                "2026-11-21T01:10:00Z",
            ], "\(fhir.stdout)")
        #expect(observations.allSatisfy { $0["effectivePeriod"] == nil && $0["derivedFrom"] == nil })

        let events = try regimen.run([
            "events", "nausea", "--from", "2026-11-21", "--to", "2026-11-21", "--format", "json",
        ])
        #expect(events.stdout.contains("\"hasOutcome\" : true") || events.stdout.contains("\"hasOutcome\": true"))
        let folder = regimen.home.appendingPathComponent("results/nausea").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        #expect(files.count == 5, "each log keeps its result file: \(files)")

        // Ingesting a log's own result file would replace the day's logs with its one value: refused, nothing changes.
        let ingest = try regimen.run(["ingest", "\(folder)/\(files[0])"])
        #expect(ingest.status != 0)
        #expect((ingest.stdout + ingest.stderr).contains("task 'nausea' is logged"), "\(ingest.stdout)")
        let after = try regimen.run(["outcomes", "--task", "nausea", "--format", "csv"])
        #expect(after.stdout == long.stdout, "the five logs stay")
    }

    @Test("a value the prompt refuses, a task that is not logged and a time to come are refused; nothing is stored")
    func refusals() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let tooHigh = try regimen.run(["log", "nausea", "11"])
        #expect(tooHigh.status != 0)
        #expect(tooHigh.stderr.contains("11"), "the prompt's reason is shown: \(tooHigh.stderr)")
        let notLogged = try regimen.run(["log", "checkin", "4", "8"])
        #expect(notLogged.status == 64)
        #expect(notLogged.stderr.contains("'checkin' is not a logged task"), "\(notLogged.stderr)")
        let future = try regimen.run(["log", "nausea", "4", "--at", "09:00"])
        #expect(future.status == 64)
        #expect(future.stderr.contains("is in the future"), "\(future.stderr)")
        let notATime = try regimen.run(["log", "nausea", "4", "--at", "soon"])
        #expect(notATime.status == 64)
        let none = try regimen.run(["outcomes", "--task", "nausea", "--format", "csv"])
        #expect(none.stdout.split(separator: "\n").count == 1, "\(none.stdout)")
    }

    @Test("`regimen run nausea` from a pipe logs too, and a second run adds to the first instead of asking to replace")
    func runLogs() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let first = try regimen.run(["run", "nausea"], input: "4\n")
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let second = try regimen.run(
            ["run", "nausea"], input: "6\n", environment: ["REGIMEN_NOW": "2026-11-21T09:30:00Z"])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(!second.stdout.contains("Replace"))
        let long = try regimen.run(["outcomes", "--task", "nausea", "--format", "csv"])
        #expect(long.stdout.split(separator: "\n").count == 3, "\(long.stdout)")
    }

    @Test("a labelled-value task is shown by its latest value and units, with its day once that day has passed")
    func labeledValue() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        id: pulse
        title: Heart rate
        labeledValue: heart.rate
        schedule:
          - daily: { duration: allDay }
        steps:
          - question: pulse
            integer: { unit: bpm }
        outcomes:
          - { kind: heart.rate, path: pulse, units: bpm, type: integer }
        """.write(to: folder.appendingPathComponent("pulse.yaml"), atomically: true, encoding: .utf8)
        let surveys = ["REGIMEN_SURVEYS": folder.path]
        let run = try regimen.run(["run", "pulse"], input: "1062\n", environment: surveys)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let today = try regimen.run([], environment: surveys)
        #expect(today.stdout.contains("✓ Heart rate  done at 08:04   1,062 bpm\n"), "\(today.stdout)")
        let tomorrow = try regimen.run([], environment: surveys.merging(["REGIMEN_NOW": "2026-11-22T09:00:00Z"]) { $1 })
        #expect(
            tomorrow.stdout.contains("○ Heart rate  due             1,062 bpm (Saturday 21 November 2026)\n"),
            "\(tomorrow.stdout)")
    }
}
