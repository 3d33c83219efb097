import Foundation
import TestSupport
import Testing

@testable import HealthData

/// The summary's rows, range and number text (docs/health-export.md, "`regimen health summary`").
@Suite("Day summary: rows, range, number text")
struct DaySummaryTests {
    @Test(
        "an explicit range gives a row per date, empty rows included; the default is the first to the last date with data"
    )
    func ranges() {
        let spans = [
            Source.watch.steps("2026-01-12 08:00", "2026-01-12 08:10", 600),
            Source.watch.sleep(.asleepCore, "2026-01-14 22:00", "2026-01-15 06:00", zone: "Europe/Berlin"),
        ]
        #expect(
            summaryCSV(spans, Pinned.berlin) == [
                HealthDaySummary.csvHeader, "2026-01-12,600,,,,,,", "2026-01-13,,,,,,,", "2026-01-14,,8,,,8,,",
            ])
        #expect(
            summaryCSV(spans, Pinned.berlin, from: Pinned.day("2026-01-11"), through: Pinned.day("2026-01-12")) == [
                HealthDaySummary.csvHeader, "2026-01-11,,,,,,,", "2026-01-12,600,,,,,,",
            ])
        #expect(HealthDaySummary.rows(spans: [], calendar: Pinned.berlin).isEmpty)
    }

    @Test("a sample ending exactly at midnight gives the next day nothing, not an empty 0")
    func endAtMidnight() {
        let spans = [Source.watch.steps("2026-01-12 22:00", "2026-01-12 23:00", 60)]
        #expect(summaryCSV(spans, Pinned.berlin) == [HealthDaySummary.csvHeader, "2026-01-12,60,,,,,,"])
    }

    @Test("numbers: steps to 2 decimals, hours to 3, halves away from zero, trailing zeros and point dropped")
    func numberText() {
        #expect(HealthNumberText.text(4650, decimals: 2) == "4650")
        #expect(HealthNumberText.text(1250.5, decimals: 2) == "1250.5")
        #expect(HealthNumberText.text(1.0 / 3.0, decimals: 2) == "0.33")
        #expect(HealthNumberText.text(0.125, decimals: 2) == "0.13")
        #expect(HealthNumberText.text(2.675, decimals: 2) == "2.68")
        #expect(HealthNumberText.text(0.004, decimals: 2) == "0")
        #expect(HealthNumberText.text(10.05, decimals: 2) == "10.05")
        #expect(HealthNumberText.hours(seconds: 1_200) == "0.333")
        #expect(HealthNumberText.hours(seconds: 9) == "0.003")
        #expect(HealthNumberText.hours(seconds: 2_700) == "0.75")
        #expect(HealthNumberText.hours(seconds: 28_800) == "8")
        #expect(HealthNumberText.hours(seconds: 0) == "0")
    }

    @Test("calendar days: day numbers, text both ways, impossible dates refused, days before 1970")
    func calendarDays() {
        #expect(HealthCalendarDay(year: 1970, month: 1, day: 1).ordinal == 0)
        #expect(HealthCalendarDay(year: 2000, month: 3, day: 1).ordinal == 11_017)
        #expect(HealthCalendarDay(text: "2026-03-29")?.description == "2026-03-29")
        #expect(HealthCalendarDay(text: "2024-02-29") != nil)
        #expect(HealthCalendarDay(text: "2026-02-29") == nil)
        #expect(HealthCalendarDay(text: "2026-3-29") == nil)
        #expect(HealthCalendarDay(localSeconds: -1).description == "1969-12-31")
    }

    @Test("source priority: hand entry, then the device's model, then the source name; names in code-point order")
    func priority() {
        typealias Tier = HealthSourcePriority.Tier
        #expect(Tier(userEntered: true, device: Pinned.watchDevice, sourceName: "x") == .userEntered)
        #expect(Tier(userEntered: false, device: Pinned.watchDevice, sourceName: "Anna’s iPhone") == .watch)
        #expect(Tier(userEntered: false, device: Pinned.phoneDevice, sourceName: "Watch Sync") == .iPhone)
        #expect(Tier(userEntered: false, device: nil, sourceName: "Anna’s Apple Watch") == .watch)
        #expect(Tier(userEntered: false, device: nil, sourceName: "Anna’s iPhone") == .iPhone)
        #expect(
            Tier(userEntered: false, device: "<<HKDevice: 0x1>, name:Withings, model:Body+>", sourceName: "Health Mate")
                == .other)
        let z = HealthSourcePriority(tier: .other, sourceName: "Zeta")
        let a = HealthSourcePriority(tier: .other, sourceName: "alpha")
        let umlaut = HealthSourcePriority(tier: .other, sourceName: "Äpfel")
        #expect(z < a && a < umlaut)
        #expect(HealthSourcePriority(tier: .iPhone, sourceName: "zz") < z)
    }
}
