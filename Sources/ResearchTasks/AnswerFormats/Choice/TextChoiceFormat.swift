/// `ORKTextChoiceAnswerFormat`: pick one or several choices.
package struct TextChoiceFormat: Sendable, Hashable {
    /// Single or multiple choice.
    package var style: ChoiceStyle
    /// The choices in display order.
    package var choices: [TextChoice]

    /// Creates a text choice format.
    package init(style: ChoiceStyle, choices: [TextChoice]) {
        self.style = style
        self.choices = choices
    }
}

/// ResearchKit's `ORKChoiceAnswerStyle`.
package enum ChoiceStyle: String, Sendable, Hashable {
    /// Exactly one choice.
    case single = "singleChoice"
    /// Any number of choices.
    case multiple = "multipleChoice"
}

/// `ORKTextScaleAnswerFormat`: 2…8 labeled positions on a slider.
package struct TextScaleFormat: Sendable, Hashable {
    /// The positions in order.
    package var choices: [TextChoice]
    /// Index of the pre-set choice; ignored when out of range.
    package var defaultIndex: Int?

    /// Creates a text scale format.
    package init(choices: [TextChoice], defaultIndex: Int? = nil) {
        self.choices = choices
        self.defaultIndex = defaultIndex
    }
}

/// `ORKValuePickerAnswerFormat`: one value from a wheel of choices.
package struct ValuePickerFormat: Sendable, Hashable {
    /// The values in order.
    package var choices: [TextChoice]

    /// Creates a value picker format.
    package init(choices: [TextChoice]) {
        self.choices = choices
    }
}

/// `ORKBooleanAnswerFormat`: yes or no, with optional custom labels.
package struct BooleanFormat: Sendable, Hashable {
    /// Label for yes (default "Yes").
    package var yesText: String?
    /// Label for no (default "No").
    package var noText: String?

    /// Creates a boolean format.
    package init(yesText: String? = nil, noText: String? = nil) {
        self.yesText = yesText
        self.noText = noText
    }
}
