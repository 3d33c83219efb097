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
    /// The coded concept the choice stands for (a FHIR answer option's `valueCoding`).
    package var coding: Coding?
    /// The choice's score (FHIR `ordinalValue`), summed by outcome `sum:` entries.
    package var score: Double?
    /// What a string value is in FHIR terms (a date or a time); nil means its value's own type.
    package var optionType: ChoiceOptionType?

    /// Creates a choice.
    package init(
        text: String, detailText: String? = nil, value: ChoiceValue, exclusive: Bool = false, other: OtherChoice? = nil,
        coding: Coding? = nil, score: Double? = nil, optionType: ChoiceOptionType? = nil
    ) {
        self.text = text
        self.detailText = detailText
        self.value = value
        self.exclusive = exclusive
        self.other = other
        self.coding = coding
        self.score = score
        self.optionType = optionType
    }
}

/// The FHIR type of a string-valued choice that is not plain text (`valueDate`, `valueTime`).
package enum ChoiceOptionType: String, Sendable, Hashable, CaseIterable {
    /// A date, "yyyy-MM-dd" (FHIR `valueDate`).
    case date
    /// A time of day, "HH:mm[:ss]" (FHIR `valueTime`).
    case time
}

/// Settings of a free-text "other" choice (`ORKTextChoiceOther`).
package struct OtherChoice: Sendable, Hashable {
    /// Placeholder shown for the free text.
    package var placeholder: String?
    /// Whether the free text may be left empty (then the choice's own value is stored).
    package var textOptional: Bool
    /// The choice's text in the survey's default language when its text is translated: its value equals that text
    /// (docs/languages.md, "What is stored"); nil when the text is not translated.
    package var defaultText: String?

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
