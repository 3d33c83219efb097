import Foundation
import Testing

/// `regimen run --date` and `replay --date` refuse a future day (issue 11 item 4): exit 64 before any question, and
/// nothing written — no store, no result, no history.
@Suite("End to end: run --date in the future is refused", .serialized)
struct RunDateTests {
    @Test(
        "Tomorrow, by date or by word, is refused in the participant's zone; nothing is written",
        arguments: [
            "2026-11-22", "tomorrow", "2027-01-01",
        ])
    func future(day: String) throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let run = try regimen.run(
            ["run", "checkin", "--date", day, "--results", regimen.results.path, "--store", regimen.store.path],
            input: "4\n8\n")
        #expect(run.status == 64, "stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(
            run.stderr.contains(
                "is in the future (today is 2026-11-21): answers can be recorded for today or an earlier day"),
            "\(run.stderr)")
        #expect(!run.stdout.contains("pain"), "no question was asked")
        #expect(!FileManager.default.fileExists(atPath: regimen.store.path), "no store was created")
        #expect(!FileManager.default.fileExists(atPath: regimen.results.path), "no result was written")
        #expect(!FileManager.default.fileExists(atPath: regimen.home.appendingPathComponent("history").path))
    }

    @Test("Today and yesterday are still accepted and stored on that day's event")
    func pastAndToday() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        for day in ["2026-11-21", "yesterday"] {
            let run = try regimen.run(
                ["run", "checkin", "--date", day, "--results", regimen.results.path, "--store", regimen.store.path],
                input: "4\n8\n")
            #expect(run.status == 0, "\(day): \(run.stderr)")
        }
    }

    @Test("The injected zone decides what today is: 2026-11-22 is today at UTC+14 while it is still the 21st in UTC")
    func zone() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        regimen.now = "2026-11-21T12:00:00Z"
        let arguments = [
            "run", "checkin", "--date", "2026-11-22", "--results", regimen.results.path,
            "--store", regimen.store.path,
        ]
        let utc = try regimen.run(arguments, input: "4\n8\n")
        #expect(utc.status == 64)
        let kiritimati = try regimen.run(arguments, input: "4\n8\n", environment: ["TZ": "Pacific/Kiritimati"])
        #expect(kiritimati.status == 0, "\(kiritimati.stderr)")
    }

    @Test("replay --date in the future is refused the same way")
    func replay() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let lines = regimen.sandbox.appendingPathComponent("lines.txt")
        try "4\n8\n".write(to: lines, atomically: true, encoding: .utf8)
        let replay = try regimen.run([
            "replay", "checkin", lines.path, "--date", "2026-11-23", "--store", regimen.store.path,
        ])
        #expect(replay.status == 64)
        #expect(replay.stderr.contains("--date 2026-11-23 is in the future"))
        #expect(!FileManager.default.fileExists(atPath: regimen.store.path))
    }
}
