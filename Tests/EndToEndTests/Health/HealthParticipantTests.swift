import Foundation
import Testing

/// A participant with the Recover examples' linked tasks imports a Health export, sees the steps and sleep tasks met or
/// missed in the feed, the outcomes and the charts, then imports a newer export: no duplicates, a changed day
/// replaced (the old value kept as replaced), a deleted walk gone from the day's total (docs/health-export.md).
@Suite("End to end: a participant's Health exports", .serialized)
struct HealthParticipantTests {
    static let watch = "Anna’s Apple Watch"
    static let device = "&lt;&lt;HKDevice: 0x3035d1db0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch&gt;"

    /// A Watch step record of `steps` over ten minutes starting at `start` (UTC, written with the export's +0100).
    static func steps(_ start: String, _ steps: Int) -> String {
        let (from, to) = (written(start, plus: 0), written(start, plus: 600))
        return
            #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="\#(watch)" device="\#(device)" unit="count" startDate="\#(from)" endDate="\#(to)" value="\#(steps)"/>"#
    }

    /// A Watch sleep record of `value` from `start` for `minutes` (UTC), in Berlin.
    static func sleep(_ start: String, minutes: Int, _ value: String) -> String {
        let (from, to) = (written(start, plus: 0), written(start, plus: minutes * 60))
        return
            #"<Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="\#(watch)" startDate="\#(from)" endDate="\#(to)" value="HKCategoryValueSleepAnalysis\#(value)"><MetadataEntry key="HKTimeZone" value="Europe/Berlin"/></Record>"#
    }

    /// `utc` ("2026-01-12T09:00") plus `seconds`, written as the export writes it, with +0100.
    static func written(_ utc: String, plus seconds: Int) -> String {
        let parser = ISO8601DateFormatter()
        let date = parser.date(from: utc + ":00Z")!.addingTimeInterval(TimeInterval(seconds + 3600))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date) + " +0100"
    }

    static func export(exported: String, _ records: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        ]>
        <HealthData locale="en_US">
         <ExportDate value="\(exported) +0100"/>
         <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
         \(records.joined(separator: "\n "))
        </HealthData>

        """
    }

    @Test(
        "import: steps and sleep met or missed in the feed, outcomes and chart; a newer export replaces and deletes without duplicates"
    )
    func importThenNewer() throws {
        var regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        regimen.now = "2026-01-14T19:00:00Z"
        let surveys = try LinkedTaskCommandTests.surveys(in: regimen)
        let zone = ["TZ": "Europe/Berlin"]
        // Day 12: 9,000 steps (met). Night of the 12th (into the 13th): 7.5 h asleep (met on the 13th).
        // Day 13: 3,000 + 2,000 steps (missed). Night of the 13th: 6 h (missed on the 14th). Day 14: 8,500 (met).
        let first = [
            Self.steps("2026-01-12T09:00", 9000),
            Self.sleep("2026-01-12T22:00", minutes: 480, "InBed"),
            Self.sleep("2026-01-12T22:15", minutes: 450, "AsleepCore"),
            Self.steps("2026-01-13T09:00", 3000), Self.steps("2026-01-13T15:00", 2000),
            Self.sleep("2026-01-13T23:00", minutes: 360, "AsleepCore"),
            Self.steps("2026-01-14T09:00", 8500),
        ]
        let one = regimen.sandbox.appendingPathComponent("export-1.xml")
        try Self.export(exported: "2026-01-14 19:00:00", first).write(to: one, atomically: true, encoding: .utf8)
        let imported = try regimen.run(["health", "import", one.path, "--surveys", surveys], environment: zone)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("steps: 3 of 3 events with data, 2 met the goal"), "\(imported.stdout)")
        #expect(
            imported.stdout.contains("sleep.measured: 2 of 3 events with data, 1 met the goal"), "\(imported.stdout)")

        let feed = try regimen.run(["today", "--surveys", surveys], environment: zone)
        #expect(feed.stdout.contains("✓ Walk 8,000 steps"), "\(feed.stdout)")
        #expect(feed.stdout.contains("Sleep 7 hours") && feed.stdout.contains("6 of 7 h"), "\(feed.stdout)")
        let outcomes = try regimen.run(
            ["outcomes", "--task", "steps", "--format", "csv", "--surveys", surveys], environment: zone)
        #expect(
            outcomes.stdout.contains(",9000,") && outcomes.stdout.contains(",5000,")
                && outcomes.stdout.contains(",8500,"), "\(outcomes.stdout)")
        let chart = try regimen.run(
            ["insights", "--task", "steps", "--ascii", "--surveys", surveys], environment: zone)
        #expect(chart.status == 0 && chart.stdout.contains("steps"), "\(chart)")

        // The newer export: the 13th's afternoon walk was deleted on the phone, the 14th has a second walk, the
        // 15th is new; everything else is the same (written again, with the same offset).
        regimen.now = "2026-01-15T19:00:00Z"
        let second =
            first.filter { !$0.contains(Self.written("2026-01-13T15:00", plus: 0)) }
            + [Self.steps("2026-01-14T17:00", 1000), Self.steps("2026-01-15T09:00", 8100)]
        let two = regimen.sandbox.appendingPathComponent("export-2.xml")
        try Self.export(exported: "2026-01-15 19:00:00", second).write(to: two, atomically: true, encoding: .utf8)
        let newer = try regimen.run(["health", "import", two.path, "--surveys", surveys], environment: zone)
        #expect(newer.status == 0, "\(newer.stderr)")
        #expect(newer.stdout.contains("2 new") && newer.stdout.contains("1 marked deleted"), "\(newer.stdout)")
        let after = try regimen.run(
            ["outcomes", "--task", "steps", "--format", "csv", "--surveys", surveys], environment: zone)
        let rows = after.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 4, "one live outcome per day: \(after.stdout)")
        #expect(
            after.stdout.contains(",3000,") && after.stdout.contains(",9500,") && after.stdout.contains(",8100,"),
            "\(after.stdout)")
        #expect(!after.stdout.contains(",5000,") && !after.stdout.contains(",8500,"), "\(after.stdout)")
        let changes = try regimen.run(["changes", "--format", "csv"], environment: zone)
        #expect(
            changes.stdout.components(separatedBy: "replaced").count - 1 == 2,
            "the 13th and the 14th: \(changes.stdout)")
        let again = try regimen.run(["health", "import", two.path, "--surveys", surveys], environment: zone)
        #expect(again.stdout.contains("nothing changed"), "\(again.stdout)")
        #expect(!again.stdout.contains("written"), "\(again.stdout)")
    }
}
