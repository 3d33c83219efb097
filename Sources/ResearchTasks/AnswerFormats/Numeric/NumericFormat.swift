/// `ORKNumericAnswerFormat`: an integer or decimal number with optional unit and bounds.
public struct NumericFormat: Sendable, Hashable {
    /// Integer or decimal.
    public var style: NumericStyle
    /// Unit stored in the result ("kg").
    public var unit: String?
    /// Unit shown to the participant; defaults to `unit`.
    public var displayUnit: String?
    /// Inclusive lower bound.
    public var minimum: Double?
    /// Inclusive upper bound.
    public var maximum: Double?
    /// Digits kept after the decimal point (decimal style).
    public var maximumFractionDigits: Int?
    /// Pre-set value.
    public var defaultValue: Double?

    /// Creates a numeric format.
    public init(
        style: NumericStyle, unit: String? = nil, displayUnit: String? = nil, minimum: Double? = nil,
        maximum: Double? = nil, maximumFractionDigits: Int? = nil, defaultValue: Double? = nil
    ) {
        self.style = style
        self.unit = unit
        self.displayUnit = displayUnit
        self.minimum = minimum
        self.maximum = maximum
        self.maximumFractionDigits = maximumFractionDigits
        self.defaultValue = defaultValue
    }
}

/// ResearchKit's `ORKNumericAnswerStyle`.
public enum NumericStyle: String, Sendable, Hashable {
    case decimal
    case integer
}
