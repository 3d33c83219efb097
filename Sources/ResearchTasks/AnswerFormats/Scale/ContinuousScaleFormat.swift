/// `ORKContinuousScaleAnswerFormat`: a decimal between `minimum` and `maximum` (docs/answer-formats.md, "Scales").
public struct ContinuousScaleFormat: Sendable, Hashable {
    /// Lower bound.
    public var minimum: Double
    /// Upper bound (must be strictly above the minimum).
    public var maximum: Double
    /// Pre-set value; ignored when outside the range.
    public var defaultValue: Double?
    /// Digits kept after the decimal point; ResearchKit clamps it to 0…4.
    public var maximumFractionDigits: Int
    /// What the minimum means.
    public var minimumDescription: String?
    /// What the maximum means.
    public var maximumDescription: String?
    /// Plain number or percentage.
    public var numberStyle: NumberStyle

    /// Creates a continuous scale format.
    public init(
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
    public enum NumberStyle: String, Sendable, Hashable {
        case `default`
        case percent
    }
}
