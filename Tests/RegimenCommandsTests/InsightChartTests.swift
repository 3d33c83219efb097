import CareModel
import Catalog
import Foundation
import RegimenFoundation
import SystemPackage
import TestSupport
import Testing

@testable import RegimenCommands

/// `regimen insights`' chart model and terminal renderer (docs/insights.md) on the shipped surveys' charts, with a
/// pinned calendar and time zone.
@Suite("Insights: chart model and terminal charts")
struct InsightChartTests {
    static let calendar: Calendar = Pinned.calendar("Europe/Berlin")
    static let catalog: Catalog = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try! Catalog.load(directory: FilePath(root.appendingPathComponent("surveys").path), calendar: calendar)
    }()
    static let checkin = catalog.entry(forTask: "checkin")!
    static let knee = catalog.entry(forTask: "rangeOfMotionCheck")!

    /// The start of day `day` of November 2026 (or later days, counting on) in the pinned zone.
    static func day(_ day: Int) -> Date {
        calendar.date(from: DateComponents(year: 2026, month: 11, day: 1))!
            .advanced(days: day - 1, calendar: calendar)
    }

    /// A check-in outcome at 08:00 on `date` with the given pain and sleep.
    static func checkIn(_ date: Date, pain: Double, sleep: Double) -> Outcome {
        let start = date.addingTimeInterval(8 * 3600)
        return Outcome(
            id: UUID().uuidString, taskVersionUUID: UUID(), occurrence: 0,
            values: [
                OutcomeValue(.double(pain), kind: "checkin.form.pain", createdDate: start),
                OutcomeValue(.double(sleep), kind: "checkin.form.sleep", units: "h", createdDate: start),
            ],
            createdDate: start, eventStart: start, eventEnd: start.addingTimeInterval(3600))
    }

    /// Knee range-of-motion outcomes (all-day events) on the given days of November with the given ranges.
    static func kneeOutcomes(_ values: [Int: Double]) -> [Outcome] {
        values.map { day, range in
            let start = Self.day(day)
            return Outcome(
                id: UUID().uuidString, taskVersionUUID: UUID(), occurrence: 0,
                values: [OutcomeValue(.double(range), kind: "range", units: "degrees", createdDate: start)],
                createdDate: start, eventStart: start, eventEnd: start.addingTimeInterval(86_400))
        }
    }

    static func charts(_ outcomes: [Outcome], window: InsightWindow, width: Int, entry: CatalogEntry = checkin)
        -> [InsightChart]
    {
        let builder = InsightChartBuilder(window: window) { style, count in
            TerminalChartLayout.bucketCapacity(style: style, seriesCount: count, width: width)
        }
        return builder.charts(of: entry, outcomes: outcomes)
    }

    static let week = InsightWindow(ending: day(25), dayCount: 7, calendar: calendar)

    /// 19–25 November with 21 and 23 missing: pain 10, 5, –, 1, –, 7, 3; sleep 12, 6, –, 0, –, 8, 9.
    static let gappyWeek: [Outcome] = [
        checkIn(day(19), pain: 10, sleep: 12), checkIn(day(20), pain: 5, sleep: 6), checkIn(day(22), pain: 1, sleep: 0),
        checkIn(day(24), pain: 7, sleep: 8), checkIn(day(25), pain: 3, sleep: 9),
    ]

    @Test("a week of check-ins: a bucket a day, empty days nil, pain on 0-10 and sleep on 0-12 from the scales")
    func model() throws {
        let chart = try #require(Self.charts(Self.gappyWeek, window: Self.week, width: 80).first)
        #expect(chart.title == "Pain and sleep" && chart.style == .bars && chart.daysPerBucket == 1)
        #expect(chart.buckets.count == 7)
        #expect(chart.series.map(\.kind) == ["checkin.form.pain", "checkin.form.sleep"])
        #expect(chart.series[0].values == [10, 5, nil, 1, nil, 7, 3])
        #expect(chart.series[1].values == [12, 6, nil, 0, nil, 8, 9])
        #expect(chart.series[0].scale == ChartScale(lower: 0, upper: 10))
        #expect(chart.series[1].scale == ChartScale(lower: 0, upper: 12))
        #expect(chart.series[1].units == "h" && chart.series[0].declaredRange == 1...10)
    }

    @Test("pain 10 fills the full height, 5 half; empty days are a mark on the axis, not a bar; zero sleep is a sliver")
    func scaling() throws {
        let chart = try #require(Self.charts(Self.gappyWeek, window: Self.week, width: 80).first)
        let lines = TerminalChartRenderer(glyphs: .monochrome, width: 80).render(chart)
        // Line 0 is the title; lines 1…10 the rows from the top; line 11 the axis.
        let rows = Array(lines[1...10])
        let axis = lines[11]
        let slot = (80 - 12) / 7
        func column(_ bucket: Int, _ series: Int) -> Int { 6 + bucket * slot + series * ((slot - 1) / 2) }
        func height(_ bucket: Int, _ series: Int) -> Int {
            rows.filter { Array($0)[column(bucket, series)] == (series == 0 ? "█" : "▒") }.count
        }
        #expect(height(0, 0) == 10, "pain 10: full height")
        #expect(height(1, 0) == 5, "pain 5: half")
        #expect(height(0, 1) == 10 && height(1, 1) == 5, "sleep 12 and 6 of 12")
        #expect(height(2, 0) == 0 && height(2, 1) == 0, "no bar on an empty day")
        #expect(Array(axis)[column(2, 0)] == "·" && Array(axis)[column(4, 1)] == "·")
        #expect(Array(axis)[column(0, 0)] == "─")
        #expect(Array(rows[9])[column(3, 1)] == "▁", "a recorded 0 h is drawn low, unlike an empty day")
        #expect(lines[0] == "Pain and sleep, 2026-11-19 to 2026-11-25")
        #expect(
            lines.contains {
                $0.contains("█ Pain (1-10), left") && $0.contains("▒ Sleep (h, 0-12), right")
                    && $0.contains("· no outcome")
            })
        #expect(lines[12].hasPrefix("      11-19"))
    }

    @Test("no line is wider than COLUMNS at 24…200 columns, for a day, a week with gaps and a year")
    func widths() throws {
        let year = InsightWindow(ending: Self.day(25), dayCount: 365, calendar: Self.calendar)
        let yearOfCheckIns = (0..<365).filter { $0 % 9 != 4 }.map {
            Self.checkIn(year.day($0), pain: Double($0 % 10 + 1), sleep: Double($0 % 13))
        }
        let single = InsightWindow(ending: Self.day(25), dayCount: 1, calendar: Self.calendar)
        for width in [24, 40, 60, 80, 132, 200] {
            for (outcomes, window) in [
                (Self.gappyWeek, Self.week), (yearOfCheckIns, year),
                ([Self.checkIn(Self.day(25), pain: 4, sleep: 8)], single),
            ] {
                for entry in [Self.checkin, Self.knee] {
                    for chart in Self.charts(outcomes, window: window, width: width, entry: entry) {
                        for glyphs in [ChartGlyphs.color, .monochrome, .ascii] {
                            for line in TerminalChartRenderer(glyphs: glyphs, width: width).render(chart) {
                                #expect(
                                    TerminalColumns.width(of: line) <= width,
                                    "\(width) columns, \(window.dayCount) days: \(line)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("a year at 80 columns is bucketed by whole weeks (means), and the chart says so")
    func yearBucketsWeeks() throws {
        let year = InsightWindow(ending: Self.day(25), dayCount: 365, calendar: Self.calendar)
        let outcomes = (0..<365).map { Self.checkIn(year.day($0), pain: $0 % 2 == 0 ? 2 : 4, sleep: 7) }
        // Paired bars need two columns a bucket: 68 plot columns hold 34, so two weeks a column.
        let bars = try #require(Self.charts(outcomes, window: year, width: 80).first)
        #expect(bars.daysPerBucket == 14 && bars.buckets.count == 27)
        #expect(bars.buckets.first?.dayCount == 1 && bars.buckets.last?.dayCount == 14, "the last bucket ends today")
        #expect(bars.series[0].values.allSatisfy { $0.map { abs($0 - 3) < 1.01 } == true })
        #expect(bars.series[0].values.dropFirst().allSatisfy { $0 == 3 }, "two-week means of 2 and 4 alternating")
        let lines = TerminalChartRenderer(glyphs: .monochrome, width: 80).render(bars)
        #expect(lines.contains("Each column is 2 weeks (the mean of its recorded values)."))
        // A line chart needs one column a bucket: a week each.
        let measured = Self.kneeOutcomes([25: 120])
        let knee = try #require(Self.charts(measured, window: year, width: 80, entry: Self.knee).first)
        #expect(knee.daysPerBucket == 7 && knee.buckets.count == 53)
        #expect(
            TerminalChartRenderer(glyphs: .monochrome, width: 80).render(knee).contains(
                "Each column is a week (the mean of its recorded values)."))
        #expect(ChartBucket.daysPerBucket(window: year, capacity: 20) == 21)
    }

    @Test("color only in color mode; NO_COLOR output has no escapes; ASCII output is pure ASCII")
    func characters() throws {
        let chart = try #require(Self.charts(Self.gappyWeek, window: Self.week, width: 80).first)
        let colored = TerminalChartRenderer(glyphs: .color, width: 80).render(chart).joined(separator: "\n")
        #expect(colored.contains("\u{1B}[36m"))
        let plain = TerminalChartRenderer(glyphs: .monochrome, width: 80).render(chart).joined(separator: "\n")
        #expect(!plain.contains("\u{1B}"))
        let ascii = TerminalChartRenderer(glyphs: .ascii, width: 80).render(chart).joined(separator: "\n")
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(ascii.contains("#") && ascii.contains("=") && ascii.contains("+---"))
        #expect(ChartGlyphs.choose(ascii: false, variables: ["NO_COLOR": "1"], colorAllowed: false) == .monochrome)
        #expect(ChartGlyphs.choose(ascii: false, variables: ["TERM": "dumb"], colorAllowed: true) == .ascii)
        #expect(ChartGlyphs.choose(ascii: true, variables: [:], colorAllowed: true) == .ascii)
        #expect(ChartGlyphs.choose(ascii: false, variables: [:], colorAllowed: true) == .color)
    }

    @Test("knee range of motion: points on a scale from the data, empty days on the axis")
    func kneePoints() throws {
        let outcomes = Self.kneeOutcomes([19: 95, 21: 110, 25: 128])
        let chart = try #require(Self.charts(outcomes, window: Self.week, width: 80, entry: Self.knee).first)
        #expect(chart.style == .line && chart.series[0].values == [95, nil, 110, nil, nil, nil, 128])
        #expect(chart.series[0].scale == ChartScale(lower: 90, upper: 130) && chart.series[0].units == "degrees")
        let lines = TerminalChartRenderer(glyphs: .monochrome, width: 80).render(chart)
        let points = lines[1...9].joined().filter { $0 == "●" }
        #expect(points.count == 3)
        #expect(lines[10].filter { $0 == "·" }.count == 4, "four days without a measurement")
        #expect(lines[1].hasPrefix("  130┤") && lines[9].hasPrefix("   90┤"))
        // One measurement: a round span around it, not a scale of nothing.
        let single = try #require(
            Self.charts(Self.kneeOutcomes([24: 78]), window: Self.week, width: 80, entry: Self.knee).first)
        #expect(single.series[0].scale == ChartScale(lower: 60, upper: 80))
    }
}

extension Date {
    /// The same time `days` calendar days later.
    fileprivate func advanced(days: Int, calendar: Calendar) -> Date {
        calendar.date(byAdding: .day, value: days, to: self)!
    }
}
