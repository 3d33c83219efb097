extension ScaleFormat {
    /// nil when the default is outside [min, max], else snapped to the nearest step, halves away from zero
    /// (C `round`; docs/answer-formats.md, "Scales").
    var defaultAnswer: Answer? {
        guard let defaultValue, defaultValue >= minimum, defaultValue <= maximum, step >= 1 else { return nil }
        let steps = (Double(Int128(defaultValue) - Int128(minimum)) / Double(step)).rounded(.toNearestOrAwayFromZero)
        let snapped = Int128(steps) * Int128(step) + Int128(minimum)
        return Int(exactly: snapped).map { .scale(.integer($0)) }
    }
}

extension ContinuousScaleFormat {
    /// The raw default when within [min, max], not snapped or rounded (docs/answer-formats.md, "Scales").
    var defaultAnswer: Answer? {
        guard let defaultValue, defaultValue >= minimum, defaultValue <= maximum else { return nil }
        return .scale(.decimal(defaultValue))
    }
}

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

extension NumericFormat {
    /// The default as given: whole numbers stay whole in integer style.
    var defaultAnswer: Answer? {
        guard let defaultValue else { return nil }
        if style == .integer, let whole = Int(exactly: defaultValue) { return .numeric(.integer(whole)) }
        return .numeric(.decimal(defaultValue))
    }
}

extension TextFormat {
    /// The default text as given.
    var defaultAnswer: Answer? { defaultText.map(Answer.text) }
}

extension DateFormat {
    /// The default date as given.
    var defaultAnswer: Answer? { defaultDate.map(Answer.date) }
}

extension TimeOfDayFormat {
    /// The default time as given.
    var defaultAnswer: Answer? { defaultValue.map(Answer.timeOfDay) }
}

extension TimeIntervalFormat {
    /// The default duration in seconds as given.
    var defaultAnswer: Answer? { defaultInterval.map(Answer.timeInterval) }
}
