/// One outcome kind drawn in a chart: a value per bucket, nil where no outcome was recorded.
struct ChartSeries: Sendable, Hashable {
    /// The outcome kind, e.g. "checkin.form.pain".
    let kind: String
    /// What the legend calls it: the kind's last part, capitalized ("Pain").
    let label: String
    /// Units from the survey's declaration or the stored values, e.g. "h" or "degrees".
    let units: String?
    /// The answer scale the survey declares (pain 1–10), if the kind reads a scale answer.
    let declaredRange: ClosedRange<Double>?
    /// The axis it is drawn against.
    let scale: ChartScale
    /// The mean of the values recorded in each bucket, nil for a bucket without any.
    let values: [Double?]

    /// The legend's name for an outcome kind: its last dot-separated part, capitalized.
    static func label(kind: String) -> String {
        let last = kind.split(separator: ".").last.map(String.init) ?? kind
        return last.prefix(1).uppercased() + last.dropFirst()
    }
}
