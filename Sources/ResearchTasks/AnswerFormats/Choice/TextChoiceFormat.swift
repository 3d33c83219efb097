/// `ORKTextChoiceAnswerFormat`: pick one or several choices.
public struct TextChoiceFormat: Sendable, Hashable {
    /// Single or multiple choice.
    public var style: ChoiceStyle
    /// The choices in display order.
    public var choices: [TextChoice]

    /// Creates a text choice format.
    public init(style: ChoiceStyle, choices: [TextChoice]) {
        self.style = style
        self.choices = choices
    }
}

/// ResearchKit's `ORKChoiceAnswerStyle`.
public enum ChoiceStyle: String, Sendable, Hashable {
    /// Exactly one choice.
    case single = "singleChoice"
    /// Any number of choices.
    case multiple = "multipleChoice"
}

/// `ORKTextScaleAnswerFormat`: 2…8 labelled positions on a slider.
public struct TextScaleFormat: Sendable, Hashable {
    /// The positions in order.
    public var choices: [TextChoice]
    /// Index of the pre-set choice; ignored when out of range.
    public var defaultIndex: Int?

    /// Creates a text scale format.
    public init(choices: [TextChoice], defaultIndex: Int? = nil) {
        self.choices = choices
        self.defaultIndex = defaultIndex
    }
}

/// `ORKValuePickerAnswerFormat`: one value from a wheel of choices.
public struct ValuePickerFormat: Sendable, Hashable {
    /// The values in order.
    public var choices: [TextChoice]

    /// Creates a value picker format.
    public init(choices: [TextChoice]) {
        self.choices = choices
    }
}

/// `ORKBooleanAnswerFormat`: yes or no, with optional custom labels.
public struct BooleanFormat: Sendable, Hashable {
    /// Label for yes (default "Yes").
    public var yesText: String?
    /// Label for no (default "No").
    public var noText: String?

    /// Creates a boolean format.
    public init(yesText: String? = nil, noText: String? = nil) {
        self.yesText = yesText
        self.noText = noText
    }
}
