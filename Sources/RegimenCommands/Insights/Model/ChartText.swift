import Catalog
import Foundation
import ParticipantWords
import RegimenFoundation

/// The words both renderers put on a chart, so the terminal and the SVG say the same thing. The terminal shows them in
/// the participant's language (`words`); the SVG file is written in English.
enum ChartText {
    /// A tick or value label: whole numbers without decimals, others with one ("12", "7.5").
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : FixedDecimalText.text(rounded, decimals: 1)
    }

    /// A bucket's label: its first day as MM-dd.
    static func day(_ bucket: ChartBucket, calendar: Calendar) -> String {
        String(DayText.iso(bucket.firstDay, calendar: calendar).dropFirst(5))
    }

    /// The window as "YYYY-MM-DD to YYYY-MM-DD" (or one day).
    static func window(_ window: InsightWindow, words: Words = .english) -> String {
        let first = DayText.iso(window.firstDay, calendar: window.calendar)
        guard window.dayCount > 1 else { return first }
        return words(.chartDays, first, DayText.iso(window.day(window.dayCount - 1), calendar: window.calendar))
    }

    /// A series' legend text: label, units and range, e.g. "Sleep (h, 0-12)".
    static func legend(_ series: ChartSeries) -> String {
        let range = series.declaredRange.map { "\(number($0.lowerBound))-\(number($0.upperBound))" }
        let details = [series.units, range].compactMap(\.self)
        return details.isEmpty ? series.label : "\(series.label) (\(details.joined(separator: ", ")))"
    }

    /// What one column holds: "day", "week" or "N weeks".
    static func bucketSpan(_ chart: InsightChart) -> String {
        switch chart.daysPerBucket {
        case 1: "day"
        case 7: "week"
        default: "\(chart.daysPerBucket / 7) weeks"
        }
    }

    /// How the buckets are formed, for a note under the chart; nil when each is one day.
    static func bucketNote(_ chart: InsightChart, words: Words = .english) -> String? {
        guard chart.daysPerBucket > 1 else { return nil }
        return words.counted(.chartColumnWeeks, count: chart.daysPerBucket / 7)
    }

    /// Which value axis series `index` is read against when a bar chart has two: "left" or "right"; nil otherwise.
    static func axisSide(of index: Int, in chart: InsightChart, words: Words = .english) -> String? {
        guard chart.style == .bars, chart.series.count > 1, index < 2 else { return nil }
        return index == 0 ? words(.chartAxisLeft) : words(.chartAxisRight)
    }

    /// What a chart without any value in its days says instead of an empty plot.
    static func nothingRecorded(_ words: Words = .english) -> String { words(.chartNothingRecorded) }

    /// The legend's entry for days without an outcome.
    static func emptyDay(_ words: Words = .english) -> String { words(.chartNoOutcome) }

    /// What the chart shows, in a sentence for screen readers and the terminal's empty charts.
    static func summary(_ chart: InsightChart) -> String {
        let kind = chart.style == .bars ? "Bars" : "Points"
        let unit = bucketSpan(chart)
        let names = chart.series.map(legend).joined(separator: " and ")
        let recorded = chart.buckets.indices.filter { index in chart.series.contains { $0.values[index] != nil } }.count
        return
            "\(kind) per \(unit) of \(names), \(window(chart.window)); \(recorded) of \(chart.buckets.count) \(unit == "day" ? "days" : "columns") have outcomes."
    }
}
