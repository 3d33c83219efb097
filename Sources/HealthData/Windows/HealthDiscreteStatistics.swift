/// Latest, average, minimum and maximum of a discrete quantity (heart rate, body mass) over a window: the samples
/// that start in [start, end), every source counted (a discrete value is not additive, so no double count); the
/// average is the plain mean of the samples (docs/health-export.md, "Windows").
package struct HealthDiscreteStatistics: Sendable, Hashable {
    /// The value of the sample with the latest start (the strongest source on a tie).
    package var latest: Double
    /// The mean of the values.
    package var average: Double
    /// The smallest value.
    package var minimum: Double
    /// The largest value.
    package var maximum: Double
    /// How many samples counted.
    package var count: Int

    /// The statistics of the spans of `type` with a value starting in [start, end); nil when there is none.
    package init?(spans: some Sequence<HealthSpan>, type: String, from start: Int64, to end: Int64) {
        var latest: HealthSpan?
        var sum = 0.0
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var count = 0
        for span in spans where span.type == type && span.start >= start && span.start < end {
            guard let value = span.value else { continue }
            sum += value
            minimum = min(minimum, value)
            maximum = max(maximum, value)
            count += 1
            if let current = latest {
                if span.start > current.start || (span.start == current.start && span.priority < current.priority) {
                    latest = span
                }
            } else {
                latest = span
            }
        }
        guard let latestValue = latest?.value, count > 0 else { return nil }
        self.latest = latestValue
        self.average = sum / Double(count)
        self.minimum = minimum
        self.maximum = maximum
        self.count = count
    }
}
