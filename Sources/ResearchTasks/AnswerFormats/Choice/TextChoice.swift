/// One choice of a choice-like format (`ORKTextChoice`, or `ORKTextChoiceOther` when `other` is set).
package struct TextChoice: Sendable, Hashable {
    /// Label shown to the participant.
    package var text: String
    /// Secondary label.
    package var detailText: String?
    /// Value stored in the result.
    package var value: ChoiceValue
    /// Selecting it deselects every other choice (multiple choice only).
    package var exclusive: Bool
    /// Present when this is a free-text "other" choice; the typed text replaces the value.
    package var other: OtherChoice?

    /// Creates a choice.
    package init(text: String, detailText: String? = nil, value: ChoiceValue, exclusive: Bool = false, other: OtherChoice? = nil) {
        self.text = text
        self.detailText = detailText
        self.value = value
        self.exclusive = exclusive
        self.other = other
    }
}

/// Settings of a free-text "other" choice (`ORKTextChoiceOther`).
package struct OtherChoice: Sendable, Hashable {
    /// Placeholder shown for the free text.
    package var placeholder: String?
    /// Whether the free text may be left empty (then the choice's own value is stored).
    package var textOptional: Bool

    /// Creates other-choice settings.
    package init(placeholder: String? = nil, textOptional: Bool = true) {
        self.placeholder = placeholder
        self.textOptional = textOptional
    }
}

/// A choice value: ResearchKit allows strings and numbers (docs/answer-formats.md, "Choices").
public enum ChoiceValue: Sendable, Hashable {
    /// A string value.
    case string(String)
    /// A whole-number value.
    case integer(Int)
    /// A decimal value.
    case double(Double)
    /// A boolean value: ResearchKit apps may record `true`/`false` among choice answers (an `NSNumber` holding a BOOL).
    case boolean(Bool)
}
