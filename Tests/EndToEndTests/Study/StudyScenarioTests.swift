import Foundation
import Testing

/// The study database from the command line, against the private test server (docs/study-database.md): three
/// participants in different zones are enrolled, the check-in is published, their piped check-ins are ingested from a
/// study export folder, the wide CSV has one row per participant × event (pandas reads it so when it is installed),
/// an export is written, and a changed survey is published as revision 2 while a stale publish is refused.
@Suite(.enabled(if: StudyServer.isAvailable, "no test server: run through scripts/test or scripts/with-postgres"))
struct StudyScenarioTests {
    @Test func aStudyIsEnrolledPublishedIngestedExportedAndRepublished() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            try run(&scenario)
        }
    }

    private func run(_ scenario: inout StudyScenario) throws {
        try scenario.expect(["study", "init", "--study", "knee"], status: 0)
        let participants = [("ana", "Europe/Berlin"), ("raj", "Asia/Kathmandu"), ("lee", "America/Los_Angeles")]
        for (label, zone) in participants {
            try scenario.expect(["study", "enroll", label, "--zone", zone, "--enrolled", "2026-03-25"], status: 0)
        }
        try scenario.expect(["study", "enroll", "ana", "--zone", "Europe/Berlin"], status: 1, says: "ana")
        try scenario.expect(["study", "enroll", "zed", "--zone", "Mars/Olympus"], status: 64, says: "Mars/Olympus")
        try scenario.expect(
            ["study", "publish", "--surveys", scenario.surveys.path, "--expect-revision", "0"], status: 0)

        // Check-ins answered at a pipe, at 09:00 in each participant's own zone, across Europe's change to summer time
        // (2026-03-29); every participant skips 2026-03-28, ana also 2026-03-30.
        let days = ["2026-03-25", "2026-03-26", "2026-03-27", "2026-03-29", "2026-03-30", "2026-03-31"]
        var answered = 0
        for (label, zone) in participants {
            for day in days where !(label == "ana" && day == "2026-03-30") {
                let instant = try StudyScenario.instant(day: day, hour: 9, zone: zone)
                let run = try scenario.regimen(
                    [
                        "run", "checkin", "--results", scenario.export.appendingPathComponent(label).path, "--store",
                        scenario.sandbox.appendingPathComponent("\(label).sqlite").path,
                    ],
                    input: "\(3 + answered % 5)\n\(6 + answered % 3)\n", now: instant, zone: zone)
                #expect(run.status == 0, "\(label) \(day): \(run.stderr)")
                answered += 1
            }
        }
        scenario.now = "2026-04-01T00:00:00Z"
        let ingest = try scenario.expect(["study", "ingest", "--export-folder", scenario.export.path], status: 0)
        #expect(ingest.stdout.contains("\(answered)"), "the summary names the \(answered) files: \(ingest.stdout)")
        let again = try scenario.expect(["study", "ingest", "--export-folder", scenario.export.path], status: 0)
        #expect(again.stdout.contains("unchanged"), "a second ingest changes nothing: \(again.stdout)")

        let wide = try scenario.expect(["study", "outcomes", "--wide", "--format", "csv"], status: 0).stdout
        let rows = wide.split(separator: "\n").map(String.init)
        let header = try #require(rows.first).split(separator: ",").map(String.init)
        #expect(header.prefix(1) == ["participant"])
        #expect(header.contains("checkin.form.pain") && header.contains("checkin.form.sleep"))
        // Events from the enrollment day through 2026-03-31 (at 00:00 UTC on the 1st of April no zone of the three has
        // reached 08:00 on the 1st yet):
        // seven per participant, answered or not.
        #expect(rows.count - 1 == participants.count * 7, "\(wide)")
        let painColumn = try #require(header.firstIndex(of: "checkin.form.pain"))
        let filled = rows.dropFirst().filter {
            !$0.split(separator: ",", omittingEmptySubsequences: false)[painColumn].isEmpty
        }
        #expect(filled.count == answered)
        if let pandas = try scenario.pandasRowCount(csv: wide) {
            #expect(pandas.rows == participants.count * 7)
            #expect(pandas.uniqueKeys == pandas.rows, "one row per participant × event")
        }

        let long = try scenario.expect(
            ["study", "outcomes", "--long", "--format", "csv", "--participant", "raj"], status: 0
        ).stdout
        #expect(long.split(separator: "\n").count - 1 == 2 * days.count, "two values per answered check-in of raj")

        let out = scenario.sandbox.appendingPathComponent("export-out")
        try scenario.expect(["study", "export", "--out", out.path], status: 0)
        let manifest = try Data(contentsOf: out.appendingPathComponent("manifest.json"))
        #expect(try JSONSerialization.jsonObject(with: manifest) is [String: Any])
        let mode = try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)

        // A new revision: the check-in's title changes; publishing against revision 0 again is refused.
        let checkin = scenario.surveys.appendingPathComponent("checkin.yaml")
        let text = try String(contentsOf: checkin, encoding: .utf8).replacingOccurrences(
            of: "title: { en: Check In,", with: "title: { en: Morning check-in,")
        try text.write(to: checkin, atomically: true, encoding: .utf8)
        try scenario.expect(
            ["study", "publish", "--surveys", scenario.surveys.path, "--expect-revision", "0"], status: 75)
        try scenario.expect(
            ["study", "publish", "--surveys", scenario.surveys.path, "--expect-revision", "1"], status: 0)
        let revisions = try scenario.expect(["study", "revisions"], status: 0).stdout
        #expect(revisions.contains("Morning check-in"), "\(revisions)")
        let after = try scenario.expect(["study", "outcomes", "--wide", "--format", "csv"], status: 0).stdout
        #expect(after.split(separator: "\n").count == rows.count, "re-publishing moved no answered event")
    }
}
