/// `ORKNumericAnswerFormat`: an integer or decimal number with optional unit and bounds.
package struct NumericFormat: Sendable, Hashable {
    /// Integer or decimal.
    package var style: NumericStyle
    /// Unit stored in the result ("kg").
    package var unit: String?
    /// Unit shown to the participant; defaults to `unit`. Recorded in the result beside `unit`.
    package var displayUnit: String?
    /// The unit in the participant's language when the survey translates `displayUnit` or `unit`: shown and accepted
    /// when typed, never recorded, so that a result is the same bytes in every language (docs/languages.md, "What is
    /// stored"); `unit` and `displayUnit` then hold the default language's texts.
    package var translatedUnit: String?
    /// Inclusive lower bound.
    package var minimum: Double?
    /// Inclusive upper bound.
    package var maximum: Double?
    /// Digits kept after the decimal point (decimal style).
    package var maximumFractionDigits: Int?
    /// Pre-set value.
    package var defaultValue: Double?
    /// The coded unit (FHIR questionnaire-unit, usually UCUM); `unit` stays the text shown.
    package var unitCode: Coding?

    /// Creates a numeric format.
    package init(
        style: NumericStyle, unit: String? = nil, displayUnit: String? = nil, minimum: Double? = nil,
        maximum: Double? = nil, maximumFractionDigits: Int? = nil, defaultValue: Double? = nil,
        unitCode: Coding? = nil, translatedUnit: String? = nil
    ) {
        self.unitCode = unitCode
        self.translatedUnit = translatedUnit
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
package enum NumericStyle: String, Sendable, Hashable {
    case decimal
    case integer
}
