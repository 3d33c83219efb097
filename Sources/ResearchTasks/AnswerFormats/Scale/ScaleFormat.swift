/// `ORKScaleAnswerFormat`: whole numbers from `minimum` to `maximum` in `step`s (rules in docs/answer-formats.md, "Scales").
public struct ScaleFormat: Sendable, Hashable {
    /// Smallest selectable value.
    public var minimum: Int
    /// Largest selectable value.
    public var maximum: Int
    /// Distance between selectable values.
    public var step: Int
    /// Pre-set value; ignored when outside the range.
    public var defaultValue: Int?
    /// What the minimum means ("No pain").
    public var minimumDescription: String?
    /// What the maximum means ("Very painful").
    public var maximumDescription: String?
    /// Vertical slider in ResearchKit; kept for round trips.
    public var vertical: Bool

    /// Creates a scale format.
    public init(
        minimum: Int, maximum: Int, step: Int = 1, defaultValue: Int? = nil,
        minimumDescription: String? = nil, maximumDescription: String? = nil, vertical: Bool = false
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.minimumDescription = minimumDescription
        self.maximumDescription = maximumDescription
        self.vertical = vertical
    }
}
