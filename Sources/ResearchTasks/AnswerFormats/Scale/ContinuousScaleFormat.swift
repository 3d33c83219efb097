/// `ORKContinuousScaleAnswerFormat`: a decimal between `minimum` and `maximum` (docs/answer-formats.md, "Scales").
package struct ContinuousScaleFormat: Sendable, Hashable {
    /// Lower bound.
    package var minimum: Double
    /// Upper bound (must be strictly above the minimum).
    package var maximum: Double
    /// Pre-set value; ignored when outside the range.
    package var defaultValue: Double?
    /// Digits kept after the decimal point; ResearchKit clamps it to 0…4.
    package var maximumFractionDigits: Int
    /// What the minimum means.
    package var minimumDescription: String?
    /// What the maximum means.
    package var maximumDescription: String?
    /// Plain number or percentage.
    package var numberStyle: NumberStyle

    /// Creates a continuous scale format.
    package init(
        minimum: Double, maximum: Double, defaultValue: Double? = nil, maximumFractionDigits: Int = 0,
        minimumDescription: String? = nil, maximumDescription: String? = nil, numberStyle: NumberStyle = .default
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.defaultValue = defaultValue
        self.maximumFractionDigits = maximumFractionDigits
        self.minimumDescription = minimumDescription
        self.maximumDescription = maximumDescription
        self.numberStyle = numberStyle
    }

    /// ResearchKit's `ORKNumberFormattingStyle`.
    package enum NumberStyle: String, Sendable, Hashable {
        case `default`
        case percent
    }
}
