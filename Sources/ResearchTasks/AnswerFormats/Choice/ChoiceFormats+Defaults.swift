extension TextScaleFormat {
    /// `[choices[defaultIndex].value]`, or nil when the index is out of range (docs/answer-formats.md, "Scales").
    var defaultAnswer: Answer? {
        guard let defaultIndex, choices.indices.contains(defaultIndex) else { return nil }
        return .choices([choices[defaultIndex].value])
    }
}

extension TextChoiceFormat {
    /// ResearchKit's text choice format has no default.
    var defaultAnswer: Answer? { nil }
}

extension ValuePickerFormat {
    /// ResearchKit's value picker starts on its empty row: no default.
    var defaultAnswer: Answer? { nil }
}

extension BooleanFormat {
    /// ResearchKit's boolean format has no default.
    var defaultAnswer: Answer? { nil }
}
