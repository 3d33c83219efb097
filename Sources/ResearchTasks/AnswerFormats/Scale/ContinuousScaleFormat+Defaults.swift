extension ContinuousScaleFormat {
    /// The raw default when within [min, max], not snapped or rounded (docs/answer-formats.md, "Scales").
    var defaultAnswer: Answer? {
        guard let defaultValue, defaultValue >= minimum, defaultValue <= maximum else { return nil }
        return .scale(.decimal(defaultValue))
    }
}
