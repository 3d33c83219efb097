import Foundation
import TestSupport
import Testing

@testable import HealthData

/// Sleep merged in two layers by source priority, stages resolved within a source, keyed by night
/// (docs/health-export.md, "Days and nights"), each case computed by hand.
@Suite("Sleep merge: layers, stages and nights")
struct SleepMergeTests {
    private func nights(_ spans: [HealthSpan], home: String = "Europe/Berlin") -> [HealthCalendarDay: HealthSleepNight]
    {
        HealthSleepNights(spans: spans, home: TimeZone(identifier: home)!).nights
    }

    @Test("the DST night: 23:10 CET → 06:50 CEST is 6 h 40 min in bed (the wall clock says 7 h 40 min)")
    func dstNight() {
        let night = nights([Source.iPhone.sleep(.inBed, "2026-03-28 22:10", "2026-03-29 04:50", zone: "Europe/Berlin")])
        #expect(night == [Pinned.day("2026-03-28"): HealthSleepNight(inBed: 400 * 60)])
    }

    @Test("one source's overlapping stages: deep beats core; the core's other hour stays; nothing is counted twice")
    func stageOrder() {
        let night = nights([
            Source.watch.sleep(.asleepCore, "2026-05-04 21:00", "2026-05-04 23:00"),
            Source.watch.sleep(.asleepDeep, "2026-05-04 22:00", "2026-05-04 23:00"),
            Source.watch.sleep(.awake, "2026-05-04 22:30", "2026-05-04 23:30"),
        ])[Pinned.day("2026-05-04")]
        #expect(night == HealthSleepNight(awake: 1_800, core: 3_600, deep: 3_600))
        #expect(night?.asleep == 7_200)
    }

    @Test("pre-iOS 16 `Asleep` is unspecified asleep: it fills asleep_h and no stage column")
    func oldAsleep() {
        let night = nights(
            [
                Source.iPhone.sleep(.inBed, "2019-11-03 05:00", "2019-11-03 15:00"),
                Source.iPhone.sleep(
                    HealthSleepValue(text: "HKCategoryValueSleepAnalysisAsleep")!, "2019-11-03 05:30",
                    "2019-11-03 14:30"),
            ], home: "America/Los_Angeles")[Pinned.day("2019-11-02")]
        #expect(night == HealthSleepNight(inBed: 36_000, unspecified: 32_400))
        #expect(night?.asleep == 32_400 && night?.core == nil && night?.deep == nil)
    }

    @Test(
        "the traveler: nights keyed on the New York clock, so a nap at 09:00 EDT joins the night before; in the home zone it would not"
    )
    func traveler() {
        let nap = Source.watch.sleep(.asleepCore, "2026-06-11 13:00", "2026-06-11 14:30", zone: "America/New_York")
        let night = Source.watch.sleep(.asleepCore, "2026-06-11 02:30", "2026-06-11 06:30", zone: "America/New_York")
        #expect(nights([night, nap]) == [Pinned.day("2026-06-10"): HealthSleepNight(core: 19_800)])
        // Without HKTimeZone the nap starts at 15:00 in Berlin: a night of the 11th.
        var homeNap = nap
        homeNap.timeZoneName = nil
        #expect(nights([homeNap])[Pinned.day("2026-06-11")]?.core == 5_400)
        // An unknown zone name falls back to the home zone too.
        homeNap.timeZoneName = "Mars/Olympus_Mons"
        #expect(nights([homeNap])[Pinned.day("2026-06-11")]?.core == 5_400)
    }

    @Test(
        "the night key: a sample starting before local noon belongs to the previous date's night, from noon on to its own date"
    )
    func nightKey() {
        var keyer = HealthNightKey(home: TimeZone(identifier: "Europe/Berlin")!)
        #expect(keyer.night(start: Pinned.utc("2026-05-05 09:59:59"), timeZoneName: nil) == Pinned.day("2026-05-04"))
        #expect(keyer.night(start: Pinned.utc("2026-05-05 10:00"), timeZoneName: nil) == Pinned.day("2026-05-05"))
        #expect(
            keyer.night(start: Pinned.utc("2026-05-05 10:00"), timeZoneName: "Asia/Tokyo") == Pinned.day("2026-05-05"))
        #expect(
            keyer.night(start: Pinned.utc("2026-05-05 02:00"), timeZoneName: "Asia/Tokyo") == Pinned.day("2026-05-04"))
    }

    @Test("a Watch night with stages but no deep: deep is absent (empty), not 0")
    func noDeep() {
        let night = nights([
            Source.watch.sleep(.asleepCore, "2026-05-05 21:00", "2026-05-05 23:00", zone: "Europe/Paris"),
            Source.watch.sleep(.asleepREM, "2026-05-05 23:00", "2026-05-05 23:30", zone: "Europe/Paris"),
        ])[Pinned.day("2026-05-05")]
        #expect(night?.deep == nil && night?.inBed == nil && night?.awake == nil)
        #expect(night?.core == 7_200 && night?.rem == 1_800)
    }

    @Test("the in-bed layer: the Watch's in bed wins where it has one, the iPhone's fills the edges — 8 h, not 15.5 h")
    func inBedLayer() {
        let night = nights([
            Source.iPhone.sleep(.inBed, "2026-05-04 20:30", "2026-05-05 04:30"),
            Source.watch.sleep(.inBed, "2026-05-04 20:45", "2026-05-05 04:15"),
        ])
        #expect(night[Pinned.day("2026-05-04")]?.inBed == Int64(28_800))
    }
}
