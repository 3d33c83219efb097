/// The range of values a series' axis spans, with its tick values (docs/insights.md, "Scales").
struct ChartScale: Sendable, Hashable {
    /// The value at the bottom of the axis.
    let lower: Double
    /// The value at the top of the axis.
    let upper: Double

    /// Where `value` sits on the axis, 0 at the bottom and 1 at the top (clamped).
    func fraction(_ value: Double) -> Double {
        guard upper > lower else { return 0 }
        return min(max((value - lower) / (upper - lower), 0), 1)
    }

    /// The value `fraction` of the way from the bottom of the axis to the top.
    func value(at fraction: Double) -> Double {
        lower + (upper - lower) * fraction
    }

    /// Tick values at multiples of a round step (1, 2 or 5 times a power of ten) from lower to upper, at most
    /// `maximumIntervals` steps apart: 0, 2, … 10 for pain; 0, 2, … 12 for sleep; 50, 55, … 80 for degrees.
    func ticks(maximumIntervals: Int = 6) -> [Double] {
        guard upper > lower else { return [lower] }
        let step = Self.niceStep((upper - lower) / Double(max(maximumIntervals, 1)))
        let first = (lower / step).rounded(.up)
        let last = (upper / step).rounded(.down)
        guard first <= last else { return [lower, upper] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// A bar scale: from zero to the declared maximum (pain 1–10 draws 0–10, so 5 is half the height), widened
    /// to a round number when a value exceeds it or nothing is declared.
    static func bars(declared: ClosedRange<Double>?, values: [Double]) -> ChartScale {
        let lower = min(0, values.min() ?? 0)
        let highest = values.max() ?? 0
        if let declared, declared.upperBound > 0, declared.upperBound >= highest {
            return ChartScale(lower: lower, upper: declared.upperBound)
        }
        return ChartScale(lower: lower, upper: rounded(highest))
    }

    /// A line scale: the declared range, else the values' range widened to round numbers.
    static func line(declared: ClosedRange<Double>?, values: [Double]) -> ChartScale {
        let low = min(declared?.lowerBound ?? .infinity, values.min() ?? 0)
        let high = max(declared?.upperBound ?? -.infinity, values.max() ?? 1)
        if let declared, declared.lowerBound <= low, declared.upperBound >= high {
            return ChartScale(lower: declared.lowerBound, upper: declared.upperBound)
        }
        // One distinct value: a span a quarter of its size on each side, so it is not drawn on a scale of nothing.
        let step = niceStep((high > low ? high - low : max(abs(high), 1)) / 4)
        let lower = (low / step).rounded(.down) * step
        var upper = (high / step).rounded(.up) * step
        if upper <= lower { upper = lower + step }
        return ChartScale(lower: lower, upper: upper)
    }

    /// `value` rounded up to a round number (1, 2 or 5 times a power of ten, or a multiple of the step below it).
    private static func rounded(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let step = niceStep(value / 4)
        return (value / step).rounded(.up) * step
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    private static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        for factor in [1.0, 2, 5, 10] where factor * power >= rough { return factor * power }
        return 10 * power
    }
}
