import Foundation
import Testing

/// `regimen today --due`, for a shell profile: a line per task due now, and nothing at all otherwise, exit 0.
@Suite("End to end: today --due", .serialized)
struct TodayDueTests {
    /// A sandbox whose survey folder holds only the daily 08:00 check-in (one hour long).
    static func checkInOnly() throws -> (RegimenProcess, [String: String]) {
        var regimen = try RegimenProcess()
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: RegimenProcess.packageRoot.appendingPathComponent("surveys/checkin.yaml"),
            to: folder.appendingPathComponent("checkin.yaml"))
        regimen.now = "2026-11-21T07:00:00Z"
        return (regimen, ["REGIMEN_SURVEYS": folder.path])
    }

    @Test(
        "once the check-in's event has started it is printed until done; before it, and after answering, nothing is; exit 0"
    )
    func window() throws {
        var (regimen, environment) = try Self.checkInOnly()
        defer { regimen.cleanUp() }
        let early = try regimen.run(["today", "--due"], environment: environment)
        #expect(early.status == 0 && early.stdout.isEmpty && early.stderr.isEmpty, "\(early)")
        regimen.now = "2026-11-21T08:30:00Z"
        let due = try regimen.run(["today", "--due"], environment: environment)
        #expect(due.status == 0, "stderr: \(due.stderr)")
        #expect(due.stdout == "Check In  due 08:00\n")
        let quick = try regimen.run(["--due"], environment: environment)
        #expect(quick.stdout == due.stdout, "the quick way in agrees")
        _ = try regimen.run(["run", "checkin"], input: "4\n8\n", environment: environment)
        let answered = try regimen.run(["today", "--due"], environment: environment)
        #expect(answered.status == 0 && answered.stdout.isEmpty, "\(answered)")
        regimen.now = "2026-11-22T07:59:00Z"
        let before = try regimen.run(["today", "--due"], environment: environment)
        #expect(
            before.status == 0 && before.stdout.isEmpty, "yesterday's is done and today's has not started: \(before)")
        regimen.now = "2026-11-22T21:30:00Z"
        let evening = try regimen.run(["today", "--due"], environment: environment)
        #expect(
            evening.stdout == "Check In  due 08:00\n", "past its hour, still to do today as the feed shows: \(evening)")
        let kept = try regimen.run(["run", "checkin"], input: "4\nquit\ny\n", environment: environment)
        #expect(kept.status == 0, "stderr: \(kept.stderr)")
        let inProgress = try regimen.run(["today", "--due"], environment: environment)
        #expect(inProgress.stdout == "Check In  due 08:00, in progress\n")
    }

    @Test("with the shipped surveys at 08:04 on the first day: the all-day tasks and the check-in, one line each")
    func shipped() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let due = try regimen.run(["today", "--due"])
        #expect(due.status == 0, "stderr: \(due.stderr)")
        #expect(
            due.stdout == """
                Onboard  due
                Range Of Motion  due
                Shoulder Range Of Motion  due
                Check In  due 08:00

                """)
    }

    @Test("--due with --date or --week is a usage error, exit 64")
    func refusesADay() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        for arguments in [["today", "--due", "--week"], ["--due", "--date", "2026-11-21"]] {
            let run = try regimen.run(arguments)
            #expect(run.status == 64, "\(arguments): \(run)")
        }
    }
}
