import Foundation
import TestSupport
import Testing

@testable import HealthData

/// A sample of the export read as a span: instants, number or sleep value, the priority inputs and `HKTimeZone`
/// (docs/health-export.md, "Source priority", "Sleep").
@Suite("Spans from export samples")
struct HealthSpanTests {
    @Test("a hand-entered step sample: its number, its tier, the instants (not the written offset)")
    func manualSteps() {
        let sample = HealthSample(
            type: HealthSpan.stepType, source: HealthSource(name: "Health", version: "18.5"), unit: "count",
            startDate: HealthDate(seconds: 1_768_226_400, offsetMinutes: 120),
            endDate: HealthDate(seconds: 1_768_230_000, offsetMinutes: 120), value: "3000",
            metadata: [HealthMetadataEntry(key: "HKWasUserEntered", value: "1")])
        let span = HealthSpan(sample: sample)
        #expect(span.priority == HealthSourcePriority(tier: .userEntered, sourceName: "Health"))
        #expect(span.start == 1_768_226_400 && span.end == 1_768_230_000 && span.value == 3000 && span.sleep == nil)
    }

    @Test(
        "a Watch sleep sample without a device: the tier from the name, the old `Asleep` as unspecified, HKTimeZone kept"
    )
    func watchSleep() {
        let sample = HealthSample(
            type: HealthSpan.sleepType, source: HealthSource(name: "Anna’s Apple Watch"),
            startDate: HealthDate(seconds: 100, offsetMinutes: 60),
            endDate: HealthDate(seconds: 200, offsetMinutes: 60),
            value: "HKCategoryValueSleepAnalysisAsleep",
            metadata: [HealthMetadataEntry(key: "HKTimeZone", value: "Europe/Paris")])
        let span = HealthSpan(sample: sample)
        #expect(span.priority.tier == .watch)
        #expect(span.sleep == .asleepUnspecified && span.value == nil && span.timeZoneName == "Europe/Paris")
    }

    @Test("the day table follows the zone even when a non-Gregorian calendar is injected")
    func otherCalendar() {
        var buddhist = Calendar(identifier: .buddhist)
        buddhist.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let table = HealthDayBoundaries(
            calendar: buddhist, from: Pinned.day("2026-03-29"), through: Pinned.day("2026-03-29"))
        #expect(table.window(at: 0) == (Pinned.utc("2026-03-28 23:00"), Pinned.utc("2026-03-29 22:00")))
    }
}
