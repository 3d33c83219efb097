import Foundation
import TestSupport
import Testing

@testable import HealthData

/// Cumulative quantities merged by source priority and split into days (docs/health-export.md, "Source priority",
/// "Days and nights"), each case computed by hand.
@Suite("Quantity merge: source priority and days")
struct QuantityMergeTests {
    private func total(_ spans: [HealthSpan], _ start: String, _ end: String) -> Double? {
        HealthQuantityTimeline(spans: spans).total(from: Pinned.utc(start), to: Pinned.utc(end))
    }

    @Test(
        "Watch and iPhone counting the same walk: the Watch's 1,000 plus the iPhone's 5 uncovered minutes, never 2,000")
    func watchAndPhoneOverlap() {
        let spans = [
            Source.watch.steps("2026-01-12 08:00", "2026-01-12 08:10", 600),
            Source.iPhone.steps("2026-01-12 08:05", "2026-01-12 08:25", 1000),
            Source.watch.steps("2026-01-12 08:10", "2026-01-12 08:20", 400),
        ]
        // The iPhone's 50 steps a minute count only over 08:20–08:25 (250).
        #expect(total(spans, "2026-01-12 00:00", "2026-01-13 00:00") == 1250)
        // The Watch's first sample alone over 08:00–08:05, half of its 600.
        #expect(total(spans, "2026-01-12 08:00", "2026-01-12 08:05") == 300)
    }

    @Test("a hand entry beats the Watch where both cover the same hour")
    func manualBeatsWatch() {
        let spans = [
            Source.manual.steps("2026-01-12 14:00", "2026-01-12 15:00", 3000),
            Source.watch.steps("2026-01-12 14:30", "2026-01-12 14:40", 500),
        ]
        #expect(total(spans, "2026-01-12 00:00", "2026-01-13 00:00") == 3000)
    }

    @Test("a third-party app fills the minutes where neither Apple device has a sample, and only those")
    func appFillsGap() {
        let spans = [
            Source.app("Pedometer++").steps("2026-01-12 11:00", "2026-01-12 11:30", 300),
            Source.iPhone.steps("2026-01-12 11:10", "2026-01-12 11:20", 200),
        ]
        // App 11:00–11:10 (100) + iPhone 11:10–11:20 (200) + app 11:20–11:30 (100).
        #expect(total(spans, "2026-01-12 00:00", "2026-01-13 00:00") == 400)
    }

    @Test("two samples of one source overlapping both count (a source is never merged against itself)")
    func oneSourceAdds() {
        let spans = [
            Source.watch.steps("2026-01-12 08:00", "2026-01-12 08:10", 100),
            Source.watch.steps("2026-01-12 08:05", "2026-01-12 08:15", 100),
            Source.iPhone.steps("2026-01-12 08:00", "2026-01-12 08:15", 999),
        ]
        #expect(total(spans, "2026-01-12 00:00", "2026-01-13 00:00") == 200)
    }

    @Test("a sample across local midnight is split in proportion to its time on each side (Berlin, CET)")
    func acrossMidnight() {
        // 23:30–00:30 CET, written "00:30 +0200" by a summer export: half belongs to the 14th.
        let rows = HealthDaySummary.rows(
            spans: [Source.watch.steps("2026-01-14 22:30", "2026-01-14 23:30", 1200)], calendar: Pinned.berlin)
        #expect(rows.map(\.date) == [Pinned.day("2026-01-14"), Pinned.day("2026-01-15")])
        #expect(rows.map(\.steps) == [600, 600])
    }

    @Test("a 23 h and a 25 h day (Berlin, DST) take 23 and 25 hours of a steady sample, not 24")
    func dstDays() {
        // 2026-03-28 00:00 CET → 2026-03-30 00:00 CEST: 47 h at 100 steps an hour.
        let spring = HealthDaySummary.rows(
            spans: [Source.app("Pedometer++").steps("2026-03-27 23:00", "2026-03-29 22:00", 4700)],
            calendar: Pinned.berlin)
        #expect(spring.map(\.date.description) == ["2026-03-28", "2026-03-29"])
        #expect(spring.map(\.steps) == [2400, 2300])
        // 2026-10-24 00:00 CEST → 2026-10-26 00:00 CET: 49 h.
        let autumn = HealthDaySummary.rows(
            spans: [Source.app("Pedometer++").steps("2026-10-23 22:00", "2026-10-25 23:00", 4900)],
            calendar: Pinned.berlin)
        #expect(autumn.map(\.date.description) == ["2026-10-24", "2026-10-25"])
        #expect(autumn.map { $0.steps.map { ($0 * 1e6).rounded() / 1e6 } } == [2400, 2500])
    }

    @Test(
        "an instant sample counts at its instant unless a stronger source covers it; at midnight it opens the new day")
    func instants() {
        let spans = [
            Source.iPhone.steps("2026-01-15 07:00", "2026-01-15 07:00", 7),
            Source.watch.steps("2026-01-15 09:00", "2026-01-15 09:10", 100),
            Source.iPhone.steps("2026-01-15 09:05", "2026-01-15 09:05", 50),
            Source.iPhone.steps("2026-01-15 23:00", "2026-01-15 23:00", 3),
        ]
        let rows = HealthDaySummary.rows(spans: spans, calendar: Pinned.berlin)
        // 23:00Z is 00:00 CET on the 16th.
        #expect(rows.map(\.date.description) == ["2026-01-15", "2026-01-16"])
        #expect(rows.map(\.steps) == [107, 3])
    }

    @Test("a window with no sample has no total; a window covered by a 0-step sample has 0")
    func emptyAndZero() {
        let spans = [Source.watch.steps("2026-01-12 08:00", "2026-01-12 09:00", 0)]
        #expect(total(spans, "2026-01-12 09:00", "2026-01-12 10:00") == nil)
        #expect(total(spans, "2026-01-12 08:30", "2026-01-12 10:00") == 0)
    }
}
