import Foundation

/// One column of a chart: a single day, or several consecutive days when the window has more days than the width
/// has columns (docs/insights.md, "Width and bucketing").
struct ChartBucket: Sendable, Hashable {
    /// The number of its first day in the window.
    let firstDayIndex: Int
    /// How many days it holds (the first bucket of a window may hold fewer than the others).
    let dayCount: Int
    /// The start of its first day.
    let firstDay: Date

    /// The buckets of `window` holding `daysPerBucket` days each, aligned so the last one ends on the window's last
    /// day (a partial bucket comes first).
    static func buckets(of window: InsightWindow, daysPerBucket: Int) -> [ChartBucket] {
        let size = max(daysPerBucket, 1)
        var buckets: [ChartBucket] = []
        var end = window.dayCount
        while end > 0 {
            let start = max(end - size, 0)
            buckets.append(ChartBucket(firstDayIndex: start, dayCount: end - start, firstDay: window.day(start)))
            end = start
        }
        return buckets.reversed()
    }

    /// The fewest days per bucket (1, else a whole number of weeks) that fit `window` into `capacity` columns.
    static func daysPerBucket(window: InsightWindow, capacity: Int) -> Int {
        let columns = max(capacity, 1)
        guard window.dayCount > columns else { return 1 }
        let days = (window.dayCount + columns - 1) / columns
        return (days + 6) / 7 * 7
    }
}
