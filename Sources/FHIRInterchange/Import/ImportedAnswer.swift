/// What the import knows of an answerable item once converted: where its answer is and how it can be tested.
struct ImportedAnswer {
    /// How the answer can be tested by a condition.
    enum Kind {
        /// A yes/no answer.
        case boolean
        /// A number (integer, decimal or scale).
        case number
        /// Free text.
        case text
        /// A date or date and time.
        case date
        /// A time of day.
        case time
        /// A choice among these options.
        case choice([ImportedChoice])
    }

    /// The result path: `step` or `form/item`.
    var path: String
    /// How it can be tested.
    var kind: Kind
}

/// One option of an imported choice: the FHIR value it came from and the value the survey file gives it.
struct ImportedChoice {
    /// The option's value in the questionnaire.
    var source: FHIRValue
    /// The choice's `value` in the survey: a string or an integer.
    var value: ChoiceValueText
    /// The `score`, when the option has one.
    var score: Double?
}

/// A choice value as written in a survey file.
enum ChoiceValueText: Hashable {
    /// A string value.
    case string(String)
    /// An integer value.
    case integer(Int)
}
