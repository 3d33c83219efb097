/// `ORKScaleAnswerFormat`: whole numbers from `minimum` to `maximum` in `step`s (rules in docs/answer-formats.md,
/// "Scales").
package struct ScaleFormat: Sendable, Hashable {
    /// Smallest selectable value.
    package var minimum: Int
    /// Largest selectable value.
    package var maximum: Int
    /// Distance between selectable values.
    package var step: Int
    /// Pre-set value; ignored when outside the range.
    package var defaultValue: Int?
    /// What the minimum means ("No pain").
    package var minimumDescription: String?
    /// What the maximum means ("Very painful").
    package var maximumDescription: String?
    /// Vertical slider in ResearchKit; kept for round trips.
    package var vertical: Bool

    /// Creates a scale format.
    package init(
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
