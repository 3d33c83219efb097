import Catalog
import Foundation

/// What one chart shows, ready for either renderer (terminal or SVG) to draw the same thing (docs/insights.md).
struct InsightChart: Sendable, Hashable {
    /// The chart's title from the survey file.
    let title: String
    /// Bars or line.
    let style: ChartSpec.Style
    /// The days charted.
    let window: InsightWindow
    /// Days per bucket: 1, or a whole number of weeks when the window is too long for the width.
    let daysPerBucket: Int
    /// The columns, oldest first.
    let buckets: [ChartBucket]
    /// One per outcome kind, in the survey's order.
    let series: [ChartSeries]

    /// Whether no bucket of any series has a value.
    var isEmpty: Bool { series.allSatisfy { $0.values.allSatisfy { $0 == nil } } }
}
