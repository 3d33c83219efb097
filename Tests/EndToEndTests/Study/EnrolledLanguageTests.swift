import Foundation
import Testing

/// An enrolled store keeps the participant's language (docs/languages.md, "The participant's language"): `regimen
/// enroll --language ja` records it, later runs without --language or REGIMEN_LANGUAGE show the surveys in it, and
/// --language still wins.
@Suite(.enabled(if: StudyServer.isAvailable, "no test server: run through scripts/test or scripts/with-postgres"))
struct EnrolledLanguageTests {
    @Test("enroll --language ja: later runs are in Japanese; --language en wins; a bad tag is refused before enrolling")
    func enrolledLanguage() throws {
        try StudyServer.withDatabase { server in
            var scenario = try StudyScenario(url: server.url)
            defer { scenario.cleanUp() }
            scenario.now = "2026-03-20T07:00:00Z"
            try scenario.expect(["study", "init", "--study", "trial"], status: 0)
            try scenario.expect(
                ["study", "publish", "--surveys", scenario.surveys.path, "--expect-revision", "0"], status: 0)
            try scenario.expect(
                ["study", "enroll", "P001", "--zone", "Europe/Berlin", "--enrolled", "2026-03-20"], status: 0)
            let bundle = scenario.sandbox.appendingPathComponent("enroll.json").path
            try scenario.expect(["study", "code", "P001", "--bundle", bundle], status: 0)
            let store = scenario.sandbox.appendingPathComponent("device.sqlite").path
            func device(_ arguments: [String], input: String = "", now: String) throws -> RegimenProcess.Outcome {
                try scenario.regimen(
                    arguments + ["--store", store], input: input, now: now, zone: "Europe/Berlin", databaseURL: "")
            }

            let refused = try device(
                ["enroll", "--bundle", bundle, "--language", "ja_JP!"], now: "2026-03-20T08:00:00Z")
            #expect(refused.status == 64 && refused.stderr.contains("ja_JP!"), "\(refused.stderr)")
            let enrolled = try device(["enroll", "--bundle", bundle, "--language", "ja"], now: "2026-03-20T08:00:00Z")
            #expect(enrolled.status == 0, "\(enrolled.stdout)\(enrolled.stderr)")

            let japanese = try device(["run", "checkin"], input: "4\n7\n", now: "2026-03-21T07:10:00Z")
            #expect(japanese.status == 0, "\(japanese.stderr)")
            #expect(japanese.stderr.contains("痛みの程度はどのくらいですか？"), "\(japanese.stderr)")
            let english = try device(
                ["run", "checkin", "--language", "en", "--replace"], input: "4\n7\n", now: "2026-03-21T07:20:00Z")
            #expect(english.status == 0, "\(english.stderr)")
            #expect(english.stderr.contains("How would you rate your pain?"), "\(english.stderr)")
        }
    }
}
