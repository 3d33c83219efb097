import Catalog
import Foundation
import RegimenFoundation

/// Draws `InsightChart`s as one standalone SVG document (docs/insights.md, "SVG"): the charts stacked, each with
/// axes, ticks, day labels, legend and its own `<title>`/`<desc>`; every bar, point and empty-day mark carries
/// `data-kind`, `data-day` and (bars, points) `data-value` so its value can be read back.
struct SVGChartRenderer {
    /// The document's width in pixels.
    static let width = 880.0
    private static let left = 60.0
    private static let right = 60.0
    private static let plotHeight = 180.0
    private static let colors = ["#2b6cb0", "#dd6b20", "#805ad5", "#2f855a"]

    /// The document for `charts`, titled with the window they share.
    func render(_ charts: [InsightChart], window: InsightWindow) -> String {
        var body = ""
        var top = 0.0
        for (index, chart) in charts.enumerated() {
            let (group, height) = self.chart(chart, number: index + 1, top: top)
            body += group
            top += height
        }
        let height = max(top, 40)
        let title = "Regimen insights, \(ChartText.window(window))"
        let description =
            charts.isEmpty
            ? "No charts." : charts.map { "\($0.title): \(ChartText.summary($0))" }.joined(separator: " ")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.width.svg)" height="\(height.svg)" viewBox="0 0 \(Self.width.svg) \(height.svg)" role="img" aria-labelledby="insights-title insights-desc">
            <title id="insights-title">\(XMLText.escaped(title))</title>
            <desc id="insights-desc">\(XMLText.escaped(description))</desc>
            <style>text { font-family: DejaVu Sans, Verdana, sans-serif; font-size: 12px; fill: #222; } .title { font-size: 16px; font-weight: bold; } .tick { font-size: 11px; fill: #555; } .note { font-size: 11px; fill: #555; }</style>
            <rect width="100%" height="100%" fill="#ffffff"/>
            \(body)</svg>

            """
    }

    /// One chart as a group at `top`, and the height it takes.
    private func chart(_ chart: InsightChart, number: Int, top: Double) -> (String, Double) {
        let plotTop = top + 44
        let axisY = plotTop + Self.plotHeight
        let plotWidth = Self.width - Self.left - Self.right
        let slot = plotWidth / Double(max(chart.buckets.count, 1))
        var svg =
            "<g id=\"chart-\(number)\" role=\"group\" aria-labelledby=\"chart-\(number)-title chart-\(number)-desc\">\n"
        svg += "<title id=\"chart-\(number)-title\">\(XMLText.escaped(chart.title))</title>\n"
        svg += "<desc id=\"chart-\(number)-desc\">\(XMLText.escaped(ChartText.summary(chart)))</desc>\n"
        svg +=
            "<text class=\"title\" x=\"\(Self.left.svg)\" y=\"\((top + 26).svg)\">\(XMLText.escaped(chart.title))</text>\n"
        svg +=
            "<text class=\"note\" x=\"\((Self.width - Self.right).svg)\" y=\"\((top + 26).svg)\" text-anchor=\"end\">\(XMLText.escaped(ChartText.window(chart.window)))</text>\n"
        guard !chart.isEmpty else {
            svg +=
                "<text class=\"note\" x=\"\(Self.left.svg)\" y=\"\((top + 50).svg)\">\(ChartText.nothingRecorded())</text>\n</g>\n"
            return (svg, 70)
        }
        svg += axes(chart, plotTop: plotTop, axisY: axisY)
        svg += dayLabels(chart, slot: slot, axisY: axisY)
        svg +=
            chart.style == .bars
            ? bars(chart, number: number, slot: slot, axisY: axisY)
            : points(chart, number: number, slot: slot, axisY: axisY)
        var y = axisY + 40
        if let note = ChartText.bucketNote(chart) {
            svg += "<text class=\"note\" x=\"\(Self.left.svg)\" y=\"\(y.svg)\">\(XMLText.escaped(note))</text>\n"
            y += 20
        }
        let (legend, legendHeight) = self.legend(chart, top: y)
        svg += legend + "</g>\n"
        return (svg, y + legendHeight + 16 - top)
    }

    /// The value axes with their ticks and grid lines (left: the first series; right: the second bar series), and
    /// the day axis.
    private func axes(_ chart: InsightChart, plotTop: Double, axisY: Double) -> String {
        let plotRight = Self.width - Self.right
        var svg = ""
        let sides =
            chart.style == .bars
            ? Array(chart.series.prefix(2).enumerated()) : Array(chart.series.prefix(1).enumerated())
        for (index, series) in sides {
            let x = index == 0 ? Self.left : plotRight
            svg += "<line x1=\"\(x.svg)\" y1=\"\(plotTop.svg)\" x2=\"\(x.svg)\" y2=\"\(axisY.svg)\" stroke=\"#444\"/>\n"
            for tick in series.scale.ticks() {
                let y = axisY - Self.height(series.scale.fraction(tick), chart.style)
                let (tickEnd, labelX, anchor) = index == 0 ? (x - 5, x - 8, "end") : (x + 5, x + 8, "start")
                if index == 0 {
                    svg +=
                        "<line x1=\"\(x.svg)\" y1=\"\(y.svg)\" x2=\"\(plotRight.svg)\" y2=\"\(y.svg)\" stroke=\"#e2e2e2\"/>\n"
                }
                svg += "<line x1=\"\(x.svg)\" y1=\"\(y.svg)\" x2=\"\(tickEnd.svg)\" y2=\"\(y.svg)\" stroke=\"#444\"/>\n"
                svg +=
                    "<text class=\"tick\" x=\"\(labelX.svg)\" y=\"\((y + 4).svg)\" text-anchor=\"\(anchor)\" fill=\"\(Self.color(index))\">\(ChartText.number(tick))</text>\n"
            }
            if let units = series.units {
                let unitX = index == 0 ? x - 8 : x + 8
                svg +=
                    "<text class=\"tick\" x=\"\(unitX.svg)\" y=\"\((plotTop - 10).svg)\" text-anchor=\"\(index == 0 ? "end" : "start")\">\(XMLText.escaped(units))</text>\n"
            }
        }
        svg +=
            "<line x1=\"\(Self.left.svg)\" y1=\"\(axisY.svg)\" x2=\"\(plotRight.svg)\" y2=\"\(axisY.svg)\" stroke=\"#444\"/>\n"
        return svg
    }

    /// Day labels under the axis, every few buckets so they do not overlap.
    private func dayLabels(_ chart: InsightChart, slot: Double, axisY: Double) -> String {
        let every = max(1, Int((48 / slot).rounded(.up)))
        var svg = ""
        for (index, bucket) in chart.buckets.enumerated() where (chart.buckets.count - 1 - index) % every == 0 {
            let x = Self.left + (Double(index) + 0.5) * slot
            svg +=
                "<line x1=\"\(x.svg)\" y1=\"\(axisY.svg)\" x2=\"\(x.svg)\" y2=\"\((axisY + 4).svg)\" stroke=\"#444\"/>\n"
            svg +=
                "<text class=\"tick\" x=\"\(x.svg)\" y=\"\((axisY + 17).svg)\" text-anchor=\"middle\">\(ChartText.day(bucket, calendar: chart.window.calendar))</text>\n"
        }
        return svg
    }

    /// Each bucket's bars side by side, each as tall as its share of its own series' scale.
    private func bars(_ chart: InsightChart, number: Int, slot: Double, axisY: Double) -> String {
        let barWidth = slot * 0.8 / Double(max(chart.series.count, 1))
        var svg = ""
        for (bucketIndex, bucket) in chart.buckets.enumerated() {
            for (index, series) in chart.series.enumerated() {
                let x = Self.left + Double(bucketIndex) * slot + slot * 0.1 + Double(index) * barWidth
                let day = DayText.iso(bucket.firstDay, calendar: chart.window.calendar)
                let data = dataAttributes(chart: number, series: series, day: day)
                guard let value = series.values[bucketIndex] else {
                    svg += emptyMark(x: x + barWidth / 2, axisY: axisY, data: data)
                    continue
                }
                // A recorded zero still shows as a sliver on the axis, never as nothing.
                let height = max(Self.height(series.scale.fraction(value), chart.style), 1.5)
                svg +=
                    "<rect \(data) data-value=\"\(value.dataValue)\" x=\"\(x.svg)\" y=\"\((axisY - height).svg)\" width=\"\((barWidth * 0.92).svg)\" height=\"\(height.svg)\" fill=\"\(Self.color(index))\"><title>\(XMLText.escaped("\(series.label) \(day): \(ChartText.number(value))"))</title></rect>\n"
            }
        }
        return svg
    }

    /// Each series' points on the shared scale, joined by lines between consecutive recorded buckets.
    private func points(_ chart: InsightChart, number: Int, slot: Double, axisY: Double) -> String {
        var svg = ""
        for (index, series) in chart.series.enumerated() {
            let scale = series.scale
            var run: [String] = []
            var marks = ""
            for (bucketIndex, bucket) in chart.buckets.enumerated() {
                let x = Self.left + (Double(bucketIndex) + 0.5) * slot
                let day = DayText.iso(bucket.firstDay, calendar: chart.window.calendar)
                let data = dataAttributes(chart: number, series: series, day: day)
                guard let value = series.values[bucketIndex] else {
                    if run.count > 1 { svg += polyline(run, index) }
                    run = []
                    if chart.series.allSatisfy({ $0.values[bucketIndex] == nil }) && index == 0 {
                        marks += emptyMark(x: x, axisY: axisY, data: data)
                    }
                    continue
                }
                let y = axisY - Self.height(scale.fraction(value), chart.style)
                run.append("\(x.svg),\(y.svg)")
                marks +=
                    "<circle \(data) data-value=\"\(value.dataValue)\" cx=\"\(x.svg)\" cy=\"\(y.svg)\" r=\"4\" fill=\"\(index == 0 ? Self.color(index) : "#ffffff")\" stroke=\"\(Self.color(index))\" stroke-width=\"2\"><title>\(XMLText.escaped("\(series.label) \(day): \(ChartText.number(value))"))</title></circle>\n"
            }
            if run.count > 1 { svg += polyline(run, index) }
            svg += marks
        }
        return svg
    }

    /// The legend: a swatch and name per series, then the empty-day mark; wrapped to the width.
    private func legend(_ chart: InsightChart, top: Double) -> (String, Double) {
        var svg = ""
        var x = Self.left
        var y = top
        var entries = chart.series.enumerated().map { index, series in
            let side = ChartText.axisSide(of: index, in: chart).map { ", \($0) axis" } ?? ""
            return (ChartText.legend(series) + side, Optional(index))
        }
        entries.append((ChartText.emptyDay(), nil))
        for (text, index) in entries {
            // About 7 px a terminal column: a CJK name takes two (TerminalColumns).
            let entryWidth = 22 + Double(TerminalColumns.width(of: text)) * 7
            if x > Self.left, x + entryWidth > Self.width - Self.right {
                x = Self.left
                y += 20
            }
            if let index {
                svg +=
                    chart.style == .bars
                    ? "<rect x=\"\(x.svg)\" y=\"\((y - 10).svg)\" width=\"12\" height=\"12\" fill=\"\(Self.color(index))\"/>\n"
                    : "<circle cx=\"\((x + 6).svg)\" cy=\"\((y - 4).svg)\" r=\"4\" fill=\"\(index == 0 ? Self.color(index) : "#ffffff")\" stroke=\"\(Self.color(index))\" stroke-width=\"2\"/>\n"
            } else {
                svg += "<circle cx=\"\((x + 6).svg)\" cy=\"\((y - 4).svg)\" r=\"2.5\" fill=\"none\" stroke=\"#777\"/>\n"
            }
            svg += "<text x=\"\((x + 18).svg)\" y=\"\(y.svg)\">\(XMLText.escaped(text))</text>\n"
            x += entryWidth + 16
        }
        return (svg, y - top + 8)
    }

    private func polyline(_ points: [String], _ index: Int) -> String {
        "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(Self.color(index))\" stroke-width=\"2\"/>\n"
    }

    /// The mark of a bucket without an outcome: a small open circle on the axis, never a bar or point.
    private func emptyMark(x: Double, axisY: Double, data: String) -> String {
        "<circle class=\"empty\" \(data) cx=\"\(x.svg)\" cy=\"\(axisY.svg)\" r=\"2.5\" fill=\"#ffffff\" stroke=\"#777\"/>\n"
    }

    private func dataAttributes(chart: Int, series: ChartSeries, day: String) -> String {
        let kind = XMLText.escaped(series.kind)
        return "id=\"chart-\(chart)-\(kind)-\(day)\" data-kind=\"\(kind)\" data-day=\"\(day)\""
    }

    /// How far above the axis a fraction of the scale is drawn: bars from the axis itself; points from a little
    /// above it, so the lowest point is not mistaken for an empty day's mark on the axis.
    private static func height(_ fraction: Double, _ style: ChartSpec.Style) -> Double {
        style == .bars ? fraction * plotHeight : (0.06 + 0.94 * fraction) * plotHeight
    }

    private static func color(_ index: Int) -> String { colors[index % colors.count] }
}

extension Double {
    /// A coordinate with at most one decimal.
    fileprivate var svg: String {
        let rounded = (self * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// A value for `data-value`: at most three decimals.
    fileprivate var dataValue: String {
        let rounded = (self * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
