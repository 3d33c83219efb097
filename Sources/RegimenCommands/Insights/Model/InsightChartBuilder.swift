import CareModel
import Catalog
import Foundation

/// Turns a survey's chart specs and its task's stored outcomes into charts (docs/insights.md): the values of each
/// kind by day, the scales, and the buckets that fit the width.
struct InsightChartBuilder {
    /// The days charted.
    let window: InsightWindow
    /// The most columns a chart may have (from the terminal's width: `TerminalChartLayout.bucketCapacity`).
    let capacity: (ChartSpec.Style, Int) -> Int

    /// The charts of `entry` drawn from `outcomes` (its task's live outcomes).
    func charts(of entry: CatalogEntry, outcomes: [Outcome]) -> [InsightChart] {
        entry.effectiveCharts.map { chart($0, of: entry, outcomes: outcomes) }
    }

    /// One chart of `entry` drawn from `outcomes`.
    func chart(_ spec: ChartSpec, of entry: CatalogEntry, outcomes: [Outcome]) -> InsightChart {
        let daily = spec.kinds.map { dailyValues(kind: $0, outcomes: outcomes) }
        let daysPerBucket = ChartBucket.daysPerBucket(window: window, capacity: capacity(spec.style, spec.kinds.count))
        let buckets = ChartBucket.buckets(of: window, daysPerBucket: daysPerBucket)
        // Bars: each series on its own scale from zero. Line: one shared scale, so the points compare.
        let sharedScale = ChartScale.line(
            declared: spec.kinds.lazy.compactMap { entry.outcome(kind: $0)?.scaleRange(in: entry.task) }.first,
            values: daily.flatMap { $0.values.flatMap(\.self) })
        let series = zip(spec.kinds, daily).map { kind, byDay in
            let declaration = entry.outcome(kind: kind)
            let declared = declaration?.scaleRange(in: entry.task)
            let scale =
                spec.style == .bars
                ? ChartScale.bars(declared: declared, values: byDay.values.flatMap(\.self)) : sharedScale
            return ChartSeries(
                kind: kind, label: ChartSeries.label(kind: kind),
                units: declaration?.units ?? storedUnits(kind, outcomes),
                declaredRange: declared, scale: scale, values: buckets.map { Self.mean(of: $0, in: byDay) }
            )
        }
        return InsightChart(
            title: spec.title, style: spec.style, window: window, daysPerBucket: daysPerBucket, buckets: buckets,
            series: series)
    }

    /// The numeric values of `kind` by day number, for the days in the window that have any.
    private func dailyValues(kind: String, outcomes: [Outcome]) -> [Int: [Double]] {
        var byDay: [Int: [Double]] = [:]
        for outcome in outcomes {
            guard let day = window.dayIndex(of: outcome.eventStart) else { continue }
            for value in outcome.values where value.kind == kind {
                switch value.value {
                case .integer(let number): byDay[day, default: []].append(Double(number))
                case .double(let number) where number.isFinite: byDay[day, default: []].append(number)
                default: continue
                }
            }
        }
        return byDay
    }

    /// The units stored with the values of `kind`, when the survey declares none.
    private func storedUnits(_ kind: String, _ outcomes: [Outcome]) -> String? {
        outcomes.lazy.flatMap(\.values).first { $0.kind == kind && $0.units != nil }?.units
    }

    /// The mean of the values recorded on the bucket's days, nil when there are none.
    private static func mean(of bucket: ChartBucket, in byDay: [Int: [Double]]) -> Double? {
        let values = (bucket.firstDayIndex..<bucket.firstDayIndex + bucket.dayCount).flatMap { byDay[$0] ?? [] }
        return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
