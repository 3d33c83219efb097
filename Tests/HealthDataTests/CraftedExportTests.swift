import Foundation
import TestSupport
import Testing

@testable import HealthData

/// The crafted exports of Tests/Fixtures/HealthExports, their samples built here in code (instants in UTC, as the
/// README there derives them), must give exactly the expected CSV files — the answers computed by hand
/// (docs/health-export.md, "`regimen health summary`").
@Suite("Crafted exports: the math gives the hand-computed CSVs")
struct CraftedExportTests {
    @Test("steps-merge (Europe/Berlin): overlaps, a hand entry, an app in a gap, an empty day, midnight, instants")
    func stepsMerge() throws {
        let spans = [
            Source.watch.steps("2026-01-12 08:00", "2026-01-12 08:10", 600),
            Source.iPhone.steps("2026-01-12 08:05", "2026-01-12 08:25", 1000),
            Source.watch.steps("2026-01-12 08:10", "2026-01-12 08:20", 400),
            Source.app("Pedometer++").steps("2026-01-12 11:00", "2026-01-12 11:30", 300),
            Source.iPhone.steps("2026-01-12 11:10", "2026-01-12 11:20", 200),
            Source.manual.steps("2026-01-12 14:00", "2026-01-12 15:00", 3000),
            Source.watch.steps("2026-01-12 14:30", "2026-01-12 14:40", 500),
            Source.watch.steps("2026-01-14 22:30", "2026-01-14 23:30", 1200),
            Source.iPhone.steps("2026-01-15 07:00", "2026-01-15 07:00", 7),
            Source.watch.steps("2026-01-15 09:00", "2026-01-15 09:10", 100),
            Source.iPhone.steps("2026-01-15 09:05", "2026-01-15 09:05", 50),
            Source.watch.span("HKQuantityTypeIdentifierHeartRate", "2026-01-12 08:05", "2026-01-12 08:05", value: 80),
        ]
        #expect(summaryCSV(spans, Pinned.berlin) == (try expectedCSV("steps-merge")))
    }

    @Test("dst-night (Europe/Berlin): elapsed hours across the spring change")
    func dstNight() throws {
        let zone = "Europe/Berlin"
        let spans = [
            Source.iPhone.sleep(.inBed, "2026-03-28 22:10", "2026-03-29 04:50", zone: zone),
            Source.watch.sleep(.asleepCore, "2026-03-28 22:30", "2026-03-28 23:30", zone: zone),
            Source.watch.sleep(.asleepDeep, "2026-03-28 23:30", "2026-03-29 00:30", zone: zone),
            Source.watch.sleep(.asleepCore, "2026-03-29 00:30", "2026-03-29 01:30", zone: zone),
            Source.watch.sleep(.asleepREM, "2026-03-29 01:30", "2026-03-29 02:00", zone: zone),
            Source.watch.sleep(.awake, "2026-03-29 02:00", "2026-03-29 02:10", zone: zone),
            Source.watch.sleep(.asleepCore, "2026-03-29 02:10", "2026-03-29 04:00", zone: zone),
            Source.watch.sleep(.asleepREM, "2026-03-29 04:00", "2026-03-29 04:30", zone: zone),
        ]
        #expect(summaryCSV(spans, Pinned.berlin) == (try expectedCSV("dst-night")))
    }

    @Test(
        "sleep-sources (Europe/Paris): Watch stages, Watch and iPhone in bed, AutoSleep unspecified; a night without deep"
    )
    func sleepSources() throws {
        #expect(summaryCSV(Self.sleepSources, Pinned.paris) == (try expectedCSV("sleep-sources")))
    }

    @Test("traveler (home Europe/Berlin): a New York night and nap, a home-zone step day, an empty day between")
    func traveler() throws {
        let york = "America/New_York"
        let spans = [
            Source.iPhone.steps("2026-06-11 23:00", "2026-06-12 00:00", 2000),
            Source.watch.sleep(.asleepCore, "2026-06-11 02:30", "2026-06-11 06:30", zone: york),
            Source.watch.sleep(.asleepDeep, "2026-06-11 06:30", "2026-06-11 07:30", zone: york),
            Source.watch.sleep(.asleepREM, "2026-06-11 07:30", "2026-06-11 08:00", zone: york),
            Source.watch.sleep(.asleepCore, "2026-06-11 08:00", "2026-06-11 10:30", zone: york),
            Source.watch.sleep(.asleepCore, "2026-06-11 13:00", "2026-06-11 14:30", zone: york),
            Source.watch.sleep(.asleepREM, "2026-06-11 14:30", "2026-06-11 15:00", zone: york),
            Source.iPhone.sleep(.inBed, "2026-06-12 21:00", "2026-06-13 05:00", zone: "Europe/Berlin"),
        ]
        #expect(summaryCSV(spans, Pinned.berlin) == (try expectedCSV("traveler")))
    }

    /// The samples of sleep-sources.xml.
    static let sleepSources: [HealthSpan] = {
        let zone = "Europe/Paris"
        return [
            Source.iPhone.sleep(.inBed, "2026-05-04 20:30", "2026-05-05 04:30", zone: zone),
            Source.watch.sleep(.inBed, "2026-05-04 20:45", "2026-05-05 04:15", zone: zone),
            Source.watch.sleep(.awake, "2026-05-04 21:00", "2026-05-04 21:15", zone: zone),
            Source.watch.sleep(.asleepCore, "2026-05-04 21:15", "2026-05-04 22:15", zone: zone),
            Source.watch.sleep(.asleepUnspecified, "2026-05-04 21:15", "2026-05-04 21:45", zone: zone),
            Source.watch.sleep(.asleepDeep, "2026-05-04 22:15", "2026-05-04 23:00", zone: zone),
            Source.watch.sleep(.asleepCore, "2026-05-04 23:00", "2026-05-05 00:30", zone: zone),
            Source.watch.sleep(.asleepREM, "2026-05-05 00:30", "2026-05-05 01:15", zone: zone),
            Source.watch.sleep(.asleepCore, "2026-05-05 01:15", "2026-05-05 03:00", zone: zone),
            Source.watch.sleep(.asleepREM, "2026-05-05 03:00", "2026-05-05 03:30", zone: zone),
            Source.watch.sleep(.awake, "2026-05-05 03:30", "2026-05-05 03:35", zone: zone),
            Source.watch.sleep(.asleepCore, "2026-05-05 03:35", "2026-05-05 04:00", zone: zone),
            Source.app("AutoSleep").sleep(.asleepUnspecified, "2026-05-04 20:50", "2026-05-05 04:20"),
            Source.watch.sleep(.asleepCore, "2026-05-05 21:00", "2026-05-05 23:00", zone: zone),
            Source.watch.sleep(.asleepREM, "2026-05-05 23:00", "2026-05-05 23:30", zone: zone),
            Source.watch.sleep(.asleepCore, "2026-05-05 23:30", "2026-05-06 04:00", zone: zone),
        ]
    }()
}
