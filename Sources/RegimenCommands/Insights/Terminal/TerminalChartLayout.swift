import Catalog

/// The terminal chart's geometry (docs/insights.md, "Width and bucketing"): a gutter for each value axis, rows of the
/// plot, and how many columns fit the width.
enum TerminalChartLayout {
    /// The narrowest width drawn; narrower terminals get this width.
    static let minimumWidth = 24
    /// The width when neither COLUMNS nor the terminal says.
    static let defaultWidth = 80
    /// Characters of an axis's tick labels ("12.5", "180").
    static let labelWidth = 5
    /// A value axis: its labels and the axis line.
    static let gutter = labelWidth + 1
    /// Rows of a bar chart above the axis: a pain of 10 on a 0–10 scale fills all ten, 5 fills five.
    static let barRows = 10
    /// Rows of a line chart above the axis (odd, so the middle tick falls on a row).
    static let lineRows = 9

    /// The columns left for the plot of a chart of `style` with `seriesCount` series at `width`.
    static func plotWidth(style: ChartSpec.Style, seriesCount: Int, width: Int) -> Int {
        let rightGutter = style == .bars && seriesCount > 1 ? gutter : 0
        return max(width, minimumWidth) - gutter - rightGutter
    }

    /// How many buckets fit: a bar chart needs a column per series (pairs touch when space is short, told apart by
    /// their glyphs), a line chart one column per point.
    static func bucketCapacity(style: ChartSpec.Style, seriesCount: Int, width: Int) -> Int {
        let plot = plotWidth(style: style, seriesCount: seriesCount, width: width)
        return max(1, style == .bars ? plot / max(seriesCount, 1) : plot)
    }
}
