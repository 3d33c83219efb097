import Foundation
import Testing

/// `regimen calendar` as a participant runs it: the file's form, where it goes, and the refusals (docs/icalendar.md).
@Suite("End to end: regimen calendar", .serialized)
struct CalendarCommandTests {
    @Test("standard output by default; --output writes the same text owner-only (0600), replacing the file whole")
    func output() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let printed = try regimen.run(["calendar"])
        #expect(printed.status == 0, "stderr: \(printed.stderr)")
        let file = regimen.sandbox.appendingPathComponent("regimen.ics")
        try Data("an older, longer file that must be replaced whole, not overwritten in place\n".utf8).write(to: file)
        let written = try regimen.run(["calendar", "--output", "regimen.ics"])
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written)")
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.stdout)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: regimen.sandbox.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test(
        "RFC 5545 form: CRLF line ends only, no line over 75 octets, the calendar's properties, one VALARM per VEVENT")
    func form() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let text = try regimen.run(["calendar", "--alarm", "-1h30m"]).stdout
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.last == "", "the file ends with CRLF")
        #expect(!lines.contains { $0.contains("\n") || $0.contains("\r") }, "a bare LF or CR")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(
            Array(lines.prefix(5)) == [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Regimen//Regimen \(try version(regimen))//EN",
                "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            ])
        #expect(lines.contains("DTSTAMP:20261121T080400Z"))
        let events = lines.filter { $0 == "BEGIN:VEVENT" }.count
        #expect(events == 6, "check-in, onboarding, two range-of-motion elements, the shoulder task, the nausea log")
        #expect(lines.filter { $0 == "BEGIN:VALARM" }.count == events)
        #expect(lines.filter { $0 == "TRIGGER:-PT1H30M" }.count == events)
        #expect(lines.contains("SUMMARY:Onboard: Task Due!"))
        #expect(lines.contains("SUMMARY:Track your nausea: Anytime throughout the day"))
    }

    @Test("UIDs are the same on every run, and on a later day; only DTSTAMP follows the clock")
    func stableUIDs() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let first = try regimen.run(["calendar"]).stdout
        #expect(try regimen.run(["calendar"]).stdout == first)
        regimen.now = "2026-12-03T18:00:00Z"
        let later = try regimen.run(["calendar"]).stdout
        func uids(_ text: String) -> [String] { text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") } }
        #expect(uids(first).count == 6)
        #expect(uids(later) == uids(first))
        #expect(later.replacingOccurrences(of: "DTSTAMP:20261203T180000Z", with: "DTSTAMP:20261121T080400Z") == first)
    }

    @Test(
        "an unknown task is the usage error `events` gives, exit 64; a bad --alarm says which forms are accepted, exit 64"
    )
    func refusals() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let unknown = try regimen.run(["calendar", "checkin", "nope"])
        let events = try regimen.run(["events", "nope"])
        #expect(unknown.status == 64 && events.status == 64)
        #expect(unknown.stderr == events.stderr)
        #expect(unknown.stdout.isEmpty)
        for bad in ["10", "-30m1h", "soon", "-1h-5m"] {
            let run = try regimen.run(["calendar", "--alarm", bad])
            #expect(run.status == 64, "\(bad): \(run)")
            #expect(run.stderr.contains("--alarm '\(bad)'"), "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        let attached = try regimen.run(["calendar", "checkin", "--alarm=-10m"])
        #expect(attached.status == 0 && attached.stdout.contains("TRIGGER:-PT10M\r\n"), "\(attached.stderr)")
    }

    private func version(_ regimen: RegimenProcess) throws -> String {
        try regimen.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
