import Foundation
import TestSupport
import Testing

@testable import HealthData

/// The per-window aggregations linked tasks call (docs/health-export.md, "Windows"), for a daily and a weekly event.
@Suite("Window aggregations: daily and weekly events")
struct WindowTests {
    private let paris = Pinned.paris

    @Test(
        "sleep: a daily window gets last night; a weekly window (Monday to Monday) gets the nights ending in its days")
    func sleepWindows() throws {
        let sleep = HealthSleepNights(spans: CraftedExportTests.sleepSources, home: paris.timeZone)
        // Tuesday 2026-05-05 00:00 CEST: the night of the 4th (7 h 10 min asleep).
        let tuesday = (Pinned.utc("2026-05-04 22:00"), Pinned.utc("2026-05-05 22:00"))
        let daily = try #require(sleep.hours(.asleep, from: tuesday.0, to: tuesday.1, calendar: paris))
        #expect(abs(daily.hours - 430.0 / 60) < 1e-9 && daily.nights == 1)
        let deepAndREM = try #require(
            sleep.hours(.stages([.asleepDeep, .asleepREM]), from: tuesday.0, to: tuesday.1, calendar: paris))
        #expect(deepAndREM.hours == 2)
        // Wednesday: the night of the 5th has no in-bed sample at all.
        let wednesday = (Pinned.utc("2026-05-05 22:00"), Pinned.utc("2026-05-06 22:00"))
        #expect(sleep.hours(.inBed, from: wednesday.0, to: wednesday.1, calendar: paris) == nil)
        // Monday the 4th to Monday the 11th: mornings 4…10, nights 3…9, of which the 4th and the 5th have sleep.
        let week = try #require(
            sleep.hours(
                .asleep, from: Pinned.utc("2026-05-03 22:00"), to: Pinned.utc("2026-05-10 22:00"), calendar: paris))
        #expect(abs(week.hours - (430.0 / 60 + 7)) < 1e-9 && week.nights == 2)
    }

    @Test("a window's dates are those whose local midnight lies in it: one for a day, seven for a week, none mid-day")
    func windowDates() {
        let day = HealthWindowDates.dates(
            from: Pinned.utc("2026-03-28 23:00"), to: Pinned.utc("2026-03-29 22:00"), calendar: Pinned.berlin)
        #expect(day == [Pinned.day("2026-03-29")])
        let week = HealthWindowDates.dates(
            from: Pinned.utc("2026-03-22 23:00"), to: Pinned.utc("2026-03-29 22:00"), calendar: Pinned.berlin)
        #expect(week.map(\.description) == (23...29).map { "2026-03-\($0)" })
        #expect(
            HealthWindowDates.dates(
                from: Pinned.utc("2026-03-28 07:00"), to: Pinned.utc("2026-03-28 20:00"), calendar: Pinned.berlin
            ).isEmpty)
    }

    @Test("merged step totals over a part of a day and over a week")
    func stepWindows() {
        let timeline = HealthQuantityTimeline(spans: [
            Source.watch.steps("2026-01-12 08:00", "2026-01-12 08:10", 600),
            Source.iPhone.steps("2026-01-12 08:05", "2026-01-12 08:25", 1000),
            Source.watch.steps("2026-01-12 08:10", "2026-01-12 08:20", 400),
            Source.watch.steps("2026-01-14 22:30", "2026-01-14 23:30", 1200),
        ])
        #expect(timeline.total(from: Pinned.utc("2026-01-12 08:00"), to: Pinned.utc("2026-01-12 08:15")) == 800)
        // Monday 2026-01-12 00:00 CET to the next Monday.
        #expect(timeline.total(from: Pinned.utc("2026-01-11 23:00"), to: Pinned.utc("2026-01-18 23:00")) == 2450)
    }

    @Test("a discrete quantity: latest, mean, minimum and maximum of the samples starting in the window")
    func discrete() throws {
        let type = "HKQuantityTypeIdentifierHeartRate"
        let spans = [
            Source.watch.span(type, "2026-01-12 07:59", "2026-01-12 07:59", value: 200),
            Source.watch.span(type, "2026-01-12 08:00", "2026-01-12 08:00", value: 60),
            Source.watch.span(type, "2026-01-12 08:30", "2026-01-12 08:30", value: 80),
            Source.iPhone.span(type, "2026-01-12 08:45", "2026-01-12 08:45", value: 75),
            Source.watch.span(type, "2026-01-12 08:45", "2026-01-12 08:45", value: 70),
            Source.watch.span(type, "2026-01-12 09:00", "2026-01-12 09:00", value: 10),
            Source.watch.steps("2026-01-12 08:10", "2026-01-12 08:20", 999),
        ]
        let stats = try #require(
            HealthDiscreteStatistics(
                spans: spans, type: type, from: Pinned.utc("2026-01-12 08:00"), to: Pinned.utc("2026-01-12 09:00")))
        #expect(
            stats == HealthDiscreteStatistics.expected(latest: 70, average: 71.25, minimum: 60, maximum: 80, count: 4))
        #expect(
            HealthDiscreteStatistics(
                spans: spans, type: type, from: Pinned.utc("2026-01-12 10:00"), to: Pinned.utc("2026-01-12 11:00"))
                == nil)
    }

    @Test("workouts of one activity type that started in the window (a daily and a weekly window)")
    func workouts() {
        let running = "HKWorkoutActivityTypeRunning"
        let workouts = [
            HealthWorkoutSpan(
                activityType: running, start: Pinned.utc("2026-01-11 22:30"), end: Pinned.utc("2026-01-11 23:30")),
            HealthWorkoutSpan(
                activityType: running, start: Pinned.utc("2026-01-12 17:00"), end: Pinned.utc("2026-01-12 18:00")),
            HealthWorkoutSpan(
                activityType: "HKWorkoutActivityTypeWalking", start: Pinned.utc("2026-01-12 12:00"),
                end: Pinned.utc("2026-01-12 13:00")),
            HealthWorkoutSpan(
                activityType: running, start: Pinned.utc("2026-01-15 06:00"), end: Pinned.utc("2026-01-15 07:00")),
            HealthWorkoutSpan(
                activityType: running, start: Pinned.utc("2026-01-18 23:00"), end: Pinned.utc("2026-01-19 00:00")),
        ]
        let monday = (Pinned.utc("2026-01-11 23:00"), Pinned.utc("2026-01-12 23:00"))
        #expect(HealthWorkoutSpan.count(of: running, in: workouts, from: monday.0, to: monday.1) == 1)
        #expect(
            HealthWorkoutSpan.count(
                of: running, in: workouts, from: Pinned.utc("2026-01-11 23:00"), to: Pinned.utc("2026-01-18 23:00"))
                == 2)
    }
}

extension HealthDiscreteStatistics {
    /// Builds an expected value memberwise (the type's own initializer computes from spans).
    static func expected(latest: Double, average: Double, minimum: Double, maximum: Double, count: Int) -> Self {
        let spans = [
            HealthSpan(
                type: "t", priority: HealthSourcePriority(tier: .other, sourceName: "s"), start: 0, end: 0,
                value: latest)
        ]
        var value = HealthDiscreteStatistics(spans: spans, type: "t", from: 0, to: 1)!
        value.average = average
        value.minimum = minimum
        value.maximum = maximum
        value.count = count
        return value
    }
}
