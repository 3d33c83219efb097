import Catalog
import Foundation
import RegimenFoundation

/// The words both renderers put on a chart, so the terminal and the SVG say the same thing.
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
    static func window(_ window: InsightWindow) -> String {
        let first = DayText.iso(window.firstDay, calendar: window.calendar)
        guard window.dayCount > 1 else { return first }
        return "\(first) to \(DayText.iso(window.day(window.dayCount - 1), calendar: window.calendar))"
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
    static func bucketNote(_ chart: InsightChart) -> String? {
        guard chart.daysPerBucket > 1 else { return nil }
        let span = bucketSpan(chart)
        return "Each column is \(chart.daysPerBucket == 7 ? "a " : "")\(span) (the mean of its recorded values)."
    }

    /// Which value axis series `index` is read against when a bar chart has two: "left" or "right"; nil otherwise.
    static func axisSide(of index: Int, in chart: InsightChart) -> String? {
        guard chart.style == .bars, chart.series.count > 1, index < 2 else { return nil }
        return index == 0 ? "left" : "right"
    }

    /// What a chart without any value in its days says instead of an empty plot.
    static let nothingRecorded = "No outcomes recorded on these days."

    /// The legend's entry for days without an outcome.
    static let emptyDay = "no outcome"

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
