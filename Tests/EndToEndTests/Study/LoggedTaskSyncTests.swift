import Foundation
import Testing

/// A logged task through sync (docs/logged-tasks.md, "In the store"): five logs of one day, synced after the second and
/// after the fifth, reach the study as one current outcome holding the five values, each once, in the order logged.
@Suite(.enabled(if: StudyServer.isAvailable, "no test server: run through scripts/test or scripts/with-postgres"))
struct LoggedTaskSyncTests {
    @Test func fiveLogsOfADaySyncedInTwoGoesReachTheStudyAsOneOutcomeWithFiveValues() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            scenario.now = "2026-03-20T07:00:00Z"
            try FileManager.default.copyItem(
                at: RegimenProcess.packageRoot.appendingPathComponent("surveys/nausea.yaml"),
                to: scenario.surveys.appendingPathComponent("nausea.yaml"))
            try scenario.expect(["study", "init", "--study", "trial"], status: 0)
            try scenario.startService()
            try scenario.expect(
                ["study", "publish", "--surveys", scenario.surveys.path, "--expect-revision", "0"], status: 0)
            let enrolled = try scenario.expect(
                ["study", "enroll", "P001", "--zone", "UTC", "--enrolled", "2026-03-20"], status: 0)
            let line = try #require(
                enrolled.stdout.split(separator: "\n").first { $0.hasPrefix("enrollment code for ") })
            let code = String(try #require(line.split(separator: " ").last))
            let store = scenario.sandbox.appendingPathComponent("phone.sqlite").path
            let service = try #require(scenario.service)
            let joined = try scenario.regimen(
                ["enroll", code, "--server", service.url, "--ca-file", service.caFile, "--store", store],
                now: "2026-03-20T07:00:00Z")
            #expect(joined.status == 0, "\(joined.stderr)")

            let logs = [("3", "07:00"), ("5", "08:00"), ("7", "10:00"), ("2", "12:00"), ("6", "14:00")]
            for (index, (value, time)) in logs.enumerated() {
                let logged = try scenario.regimen(
                    ["log", "nausea", value, "--store", store], now: "2026-03-21T\(time):00Z")
                #expect(logged.status == 0, "\(logged.stderr)")
                if index == 1 || index == 4 {
                    let sync = try scenario.regimen(["sync", "--store", store], now: "2026-03-21T\(time):30Z")
                    #expect(sync.status == 0, "\(sync.stderr)")
                }
            }
            let again = try scenario.regimen(["sync", "--store", store], now: "2026-03-21T15:00:00Z")
            #expect(again.stdout.contains("sent 0 changes"), "\(again.stdout)")

            scenario.now = "2026-03-22T06:00:00Z"
            let long = try scenario.expect(["study", "outcomes", "--long", "--format", "csv"], status: 0).stdout
            let current = long.split(whereSeparator: \.isNewline).filter {
                $0.contains("nausea.severity") && $0.hasSuffix(",current")
            }
            // Every version was sent (each log is one); the last, current one holds the five values, each once.
            #expect(current.map { $0.split(separator: ",")[9] } == ["3", "5", "7", "2", "6"], "\(long)")
            #expect(Set(current.map { $0.split(separator: ",")[13] }).count == 1, "one outcome version: \(long)")
            let wide = try scenario.expect(["study", "outcomes", "--wide", "--format", "csv"], status: 0).stdout
            let day = wide.components(separatedBy: .newlines).filter {
                $0.hasPrefix("P001,nausea,") && $0.contains("2026-03-21T00:00:00Z")
            }
            #expect(day.count == 1 && day[0].contains("3; 5; 7; 2; 6"), "\(day)")
        }
    }
}
