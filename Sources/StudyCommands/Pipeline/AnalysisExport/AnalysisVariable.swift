/// One variable of an analysis file: its name (valid in SPSS, Stata, SAS and R), the CSV column it comes from, its
/// label, how it is stored and its value labels (docs/analysis-exports.md, "Variables").
struct AnalysisVariable: Sendable, Hashable {
    /// How values are stored.
    enum Storage: Sendable, Hashable {
        /// A number (integers, decimals, yes/no as 1/0, codes).
        case number
        /// Text.
        case text
        /// A date and time, in the zone the label states.
        case dateTime
    }

    /// One value label: a whole-number code and its text.
    struct ValueLabel: Sendable, Hashable {
        /// The code.
        var value: Int
        /// Its text.
        var text: String
    }

    /// The name in every file.
    var name: String
    /// The column of the CSV export it comes from (`checkin.pain`), or for a missing-reason variable the value
    /// column's followed by ` (missing reason)`.
    var source: String
    /// The label: the question (or what the column holds), units in brackets, the zone of a date and time.
    var label: String
    /// The storage.
    var storage: Storage
    /// The value labels, when the values are codes.
    var valueLabels: [ValueLabel] = []
    /// The labels of the choices' codes as the text cells write them (`walking` is "Walking, stairs"): the SAS
    /// program's `$` format when the variable is stored as text (Stata labels whole numbers alone).
    var textValueLabels: [TextValueLabel] = []

    /// One label of a text code.
    struct TextValueLabel: Sendable, Hashable {
        /// The code, as the value is written.
        var value: String
        /// Its text.
        var text: String
    }
}

/// One value of an analysis file's row.
enum AnalysisCell: Sendable, Hashable {
    /// No value: system missing (`.`) for numbers and dates, empty text for text.
    case missing
    /// A number.
    case number(Double)
    /// Text.
    case text(String)
    /// A date and time as seconds since 1970-01-01 00:00:00 read in the variable's stated zone.
    case dateTime(Double)
}
