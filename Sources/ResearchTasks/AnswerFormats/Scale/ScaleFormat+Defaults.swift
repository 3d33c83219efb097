extension ScaleFormat {
    /// nil when the default is outside [min, max], else snapped to the nearest step, halves away from zero
    /// (C `round`; docs/answer-formats.md, "Scales").
    var defaultAnswer: Answer? {
        guard let defaultValue, defaultValue >= minimum, defaultValue <= maximum, step >= 1 else { return nil }
        let steps = (Double(Int128(defaultValue) - Int128(minimum)) / Double(step)).rounded(.toNearestOrAwayFromZero)
        let snapped = Int128(steps) * Int128(step) + Int128(minimum)
        return Int(exactly: snapped).map { .scale(.integer($0)) }
    }
}
