import Foundation
import Testing

/// The Recover examples' Health-linked tasks next to the shipped surveys (docs/health-export.md, "Linked tasks"),
/// through the built `regimen`: the goal survives the store, the feed waits for data, nothing offers to run them,
/// and the check-in's wide CSV has the measured sleep column beside the self-reported one.
@Suite("End to end: Health-linked tasks", .serialized)
struct LinkedTaskCommandTests {
    /// The shipped surveys plus Examples/HealthSurveys, in the sandbox.
    static func surveys(in regimen: RegimenProcess) throws -> String {
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for source in ["surveys", "Examples/HealthSurveys"] {
            let from = RegimenProcess.packageRoot.appendingPathComponent(source)
            for name in try FileManager.default.contentsOfDirectory(atPath: from.path) where name.hasSuffix(".yaml") {
                try FileManager.default.copyItem(
                    at: from.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            }
        }
        return folder.path
    }

    @Test(
        "the feed shows the goals read back from the store and waits for data; --due, run and the FHIR export leave them out"
    )
    func feedAndRefusals() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try Self.surveys(in: regimen)
        let feed = try regimen.run(["today", "--surveys", surveys])
        #expect(feed.status == 0, "stderr: \(feed.stderr)")
        #expect(feed.stdout.contains("○ Sleep 7 hours             no data yet     goal 7 h\n"), "\(feed.stdout)")
        #expect(
            feed.stdout.contains("○ Walk 8,000 steps          no data yet     goal 8,000 steps\n"), "\(feed.stdout)")
        #expect(feed.stdout.contains("(0 of 5 done)"))
        let due = try regimen.run(["today", "--due", "--surveys", surveys])
        #expect(
            !due.stdout.contains("Sleep 7 hours") && !due.stdout.contains("Walk 8,000 steps")
                && due.stdout.contains("Check In"))
        let run = try regimen.run(["run", "steps", "--surveys", surveys], input: "\n")
        #expect(run.status == 64)
        #expect(
            run.stderr == "regimen: task 'steps' has no steps to run: it takes its outcomes from Health data; "
                + "import an export with 'regimen health import'\n")
        let export = try regimen.run(["survey", "export", "sleep.measured", "--surveys", surveys])
        #expect(export.status == 64 && export.stdout.isEmpty)
        let yaml = try regimen.run(["survey", "export", "sleep.measured", "--format", "yaml", "--surveys", surveys])
        #expect(yaml.status == 0 && yaml.stdout.contains("aggregate: asleep"))
        let events = try regimen.run([
            "events", "steps", "--from", "2026-11-21", "--to", "2026-11-21", "--format", "json", "--surveys", surveys,
        ])
        let rows = try #require(JSONSerialization.jsonObject(with: Data(events.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["completed"] as? Bool } == [false] && rows.map { $0["hasOutcome"] as? Bool } == [false])
        let validate = try regimen.run(["validate", surveys])
        #expect(
            validate.stdout.contains(
                "steps.yaml: task steps \"Walk 8,000 steps\", measured from Health data (sum of HKQuantityTypeIdentifierStepCount), outcomes steps\n"
            ))
    }

    @Test("the check-in's wide CSV has the measured sleep column right after the self-reported sleep")
    func wideColumns() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try Self.surveys(in: regimen)
        let run = try regimen.run(["run", "checkin", "--surveys", surveys], input: "4\n8\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let wide = try regimen.run(["outcomes", "--task", "checkin", "--format", "csv", "--wide", "--surveys", surveys])
        #expect(wide.status == 0, "stderr: \(wide.stderr)")
        let lines = wide.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasSuffix(",checkin.form.pain,checkin.form.sleep,sleep.measured.hours") == true,
            "\(wide.stdout)")
        #expect(lines.count == 2 && lines[1].hasSuffix(",4,8,"), "no measured sleep stored yet: \(wide.stdout)")
    }
}
