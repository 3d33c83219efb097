import RegimenCommands

/// `variables.csv` of an analysis export: every variable of every analysis file with the CSV column it comes from, its
/// storage, its whole label and its value labels (docs/analysis-exports.md, "Variable names").
enum AnalysisVariableList {
    /// The columns.
    static let columns = ["file", "variable", "column", "storage", "label", "value_labels"]

    /// The row of `variable` of the analysis file `file`; value labels as the dictionary writes choices
    /// (`0, None | 1, Some`).
    static func cells(_ variable: AnalysisVariable, file: String) -> [TableCell] {
        let storage =
            switch variable.storage {
            case .number: "number"
            case .text: "text"
            case .dateTime: "datetime"
            }
        return [
            .text(file), .text(variable.name), .text(variable.source), .text(storage), .text(variable.label),
            .text(variable.valueLabels.map { "\($0.value), \($0.text)" }.joined(separator: " | ")),
        ]
    }
}
