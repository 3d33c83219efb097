import Catalog
import ParticipantWords
import RegimenFoundation

/// Draws an `InsightChart` as lines of terminal text no wider than `width` (docs/insights.md): title, plot with a
/// value axis per bar series (left, right) or one shared axis for points, day labels, the bucketing note and legend.
/// Text is measured in terminal columns (`TerminalColumns`): a CJK title or series name takes two columns a character.
struct TerminalChartRenderer {
    /// Characters and colors.
    let glyphs: ChartGlyphs
    /// The terminal's width in columns (at least `TerminalChartLayout.minimumWidth` is used).
    let width: Int
    /// The participant's language (docs/languages.md, "Regimen's own words").
    var words: Words = .english

    private var usableWidth: Int { max(width, TerminalChartLayout.minimumWidth) }

    /// The chart's lines.
    func render(_ chart: InsightChart) -> [String] {
        // The title and its days on one line when they fit, else the days on a line of their own.
        let heading = [glyphs.printable(chart.title) + ",", ChartText.window(chart.window, words: words)]
        let joined = heading.joined(separator: " ")
        var lines = (TerminalColumns.width(of: joined) <= usableWidth ? [joined] : heading).map {
            glyphs.bold(TerminalColumns.truncated($0, to: usableWidth, ellipsis: ""))
        }
        guard !chart.isEmpty else { return lines + wrap([ChartText.nothingRecorded(words)]) }
        let plot = TerminalChartLayout.plotWidth(
            style: chart.style, seriesCount: chart.series.count, width: usableWidth)
        let slot = max(1, plot / max(chart.buckets.count, 1))
        lines += chart.style == .bars ? barRows(chart, slot: slot) : pointRows(chart, slot: slot)
        lines.append(
            String(repeating: " ", count: TerminalChartLayout.gutter) + dayLabels(chart, slot: slot, plot: plot))
        if let note = ChartText.bucketNote(chart, words: words) { lines += wrap([note]) }
        lines += wrap(legend(chart))
        return lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// A bar chart's rows: each series' bar beside the others in its bucket, as tall as its share of its own scale.
    private func barRows(_ chart: InsightChart, slot: Int) -> [String] {
        let rows = TerminalChartLayout.barRows
        let count = chart.series.count
        let barWidth = max(1, min(3, (slot - 1) / count))
        let heights = chart.series.map { series in
            series.values.map { value in value.map { Int((series.scale.fraction($0) * Double(rows)).rounded()) } }
        }
        let left = chart.series.first?.scale
        let right = chart.series.count > 1 ? chart.series[1].scale : nil
        var lines: [String] = []
        for row in stride(from: rows, through: 0, by: -1) {
            let isTick = row == rows || row * 2 == rows || row == 0
            var cells: [String] = []
            for bucket in chart.buckets.indices {
                var slotCells: [String] = []
                for index in chart.series.indices {
                    let height = heights[index][bucket]
                    let cell: Character
                    if row == 0 {
                        cell = height == nil ? glyphs.empty : glyphs.horizontal
                    } else if let height, height >= row {
                        cell = glyphs.bar(index)
                    } else if let height, height == 0, row == 1 {
                        cell = glyphs.low
                    } else {
                        cell = " "
                    }
                    let text = String(repeating: cell, count: barWidth)
                    slotCells.append(row > 0 && cell != " " ? glyphs.paint(text, series: index) : text)
                }
                let used = barWidth * count
                let filler: Character = row == 0 ? glyphs.horizontal : " "
                cells.append(slotCells.joined() + String(repeating: filler, count: max(0, slot - used)))
            }
            let fraction = Double(row) / Double(rows)
            let leftLabel = isTick ? left.map { label($0.value(at: fraction)) } : nil
            let rightLabel = isTick ? right.map { ChartText.number($0.value(at: fraction)) } : nil
            let leftAxis = row == 0 ? glyphs.corner : isTick ? glyphs.leftTick : glyphs.vertical
            var line =
                (leftLabel ?? String(repeating: " ", count: TerminalChartLayout.labelWidth)) + String(leftAxis)
                + cells.joined()
            if right != nil {
                let plotUsed = slot * chart.buckets.count
                let plot = TerminalChartLayout.plotWidth(style: .bars, seriesCount: count, width: usableWidth)
                line += String(repeating: row == 0 ? glyphs.horizontal : " ", count: max(0, plot - plotUsed))
                line += String(row == 0 ? glyphs.corner : isTick ? glyphs.rightTick : glyphs.vertical)
                line += TerminalColumns.truncated(rightLabel ?? "", to: TerminalChartLayout.labelWidth, ellipsis: "")
            }
            lines.append(line)
        }
        return lines
    }

    /// A line chart's rows: each bucket's value as its series' mark, all on the shared scale; an empty bucket is a
    /// mark on the axis.
    private func pointRows(_ chart: InsightChart, slot: Int) -> [String] {
        let rows = TerminalChartLayout.lineRows
        guard let scale = chart.series.first?.scale else { return [] }
        var grid = Array(repeating: Array(repeating: " ", count: chart.buckets.count * slot), count: rows + 1)
        for bucket in chart.buckets.indices {
            let column = bucket * slot
            var recorded = false
            for (index, series) in chart.series.enumerated() {
                guard let value = series.values[bucket] else { continue }
                recorded = true
                let row = 1 + Int((scale.fraction(value) * Double(rows - 1)).rounded())
                grid[row][column] = glyphs.paint(String(glyphs.point(index)), series: index)
            }
            for offset in 0..<slot { grid[0][column + offset] = String(glyphs.horizontal) }
            if !recorded { grid[0][column] = String(glyphs.empty) }
        }
        return (0...rows).reversed().map { row in
            let value = scale.value(at: Double(row - 1) / Double(rows - 1))
            let isTick = row == rows || row == 1 || row == (rows + 1) / 2
            let leftLabel =
                isTick && row > 0 ? label(value) : String(repeating: " ", count: TerminalChartLayout.labelWidth)
            let axis = row == 0 ? glyphs.corner : isTick ? glyphs.leftTick : glyphs.vertical
            return leftLabel + String(axis) + grid[row].joined()
        }
    }

    /// A tick label right-aligned in the gutter.
    private func label(_ value: Double) -> String {
        let width = TerminalChartLayout.labelWidth
        return TerminalColumns.rightAligned(
            TerminalColumns.truncated(ChartText.number(value), to: width, ellipsis: ""), to: width)
    }

    /// The buckets' first days (MM-dd) under their columns, each where it does not touch the one before.
    private func dayLabels(_ chart: InsightChart, slot: Int, plot: Int) -> String {
        var line = ""
        var used = 0
        for (index, bucket) in chart.buckets.enumerated() {
            let column = index * slot
            let text = ChartText.day(bucket, calendar: chart.window.calendar)
            let width = TerminalColumns.width(of: text)
            guard column >= used + (used == 0 ? 0 : 1), column + width <= plot else { continue }
            line += String(repeating: " ", count: column - used) + text
            used = column + width
        }
        return line
    }

    /// The legend's entries: each series' glyph and name (with its axis when a bar chart has two), then empty days.
    private func legend(_ chart: InsightChart) -> [String] {
        var entries = chart.series.enumerated().map { index, series in
            let mark = chart.style == .bars ? glyphs.bar(index) : glyphs.point(index)
            let side = ChartText.axisSide(of: index, in: chart, words: words).map { ", \($0)" } ?? ""
            return glyphs.paint(String(mark), series: index) + " " + glyphs.printable(ChartText.legend(series)) + side
        }
        entries.append("\(glyphs.empty) \(ChartText.emptyDay(words))")
        return entries
    }

    /// `entries` joined by three spaces into lines no wider than the width (escape sequences take no columns); an
    /// entry wider than the width on its own is wrapped by `TerminalColumns.wrapped` onto lines of its own.
    private func wrap(_ entries: [String]) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for entry in entries {
            let entryWidth = TerminalColumns.width(of: entry)
            if currentWidth > 0 && (entryWidth > usableWidth || currentWidth + 3 + entryWidth > usableWidth) {
                lines.append(current)
                current = ""
                currentWidth = 0
            }
            if entryWidth > usableWidth {
                lines += TerminalColumns.wrapped(entry, to: usableWidth)
                continue
            }
            if currentWidth > 0 {
                current += "   "
                currentWidth += 3
            }
            current += entry
            currentWidth += entryWidth
        }
        if currentWidth > 0 { lines.append(current) }
        return lines
    }
}
