/// One chart a survey file asks `regimen insights` to draw (its `charts:` section, docs/insights.md).
package struct ChartSpec: Sendable, Hashable {
    /// How the series are drawn.
    package enum Style: String, Sendable, Hashable, CaseIterable {
        /// Paired bars per day, each series on its own scale from zero.
        case bars
        /// Points over time (joined by a line in SVG), all series on one scale.
        case line
    }

    /// The chart's title.
    package var title: String
    /// How it is drawn.
    package var style: Style
    /// The outcome kinds it draws, one series each, in order.
    package var kinds: [String]

    /// Creates a chart spec.
    package init(title: String, style: Style, kinds: [String]) {
        self.title = title
        self.style = style
        self.kinds = kinds
    }
}
