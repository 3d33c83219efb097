/// One row of REDCap's data dictionary (docs/redcap.md): its 18 columns, in REDCap's order.
struct REDCapField: Sendable, Hashable {
    /// REDCap's field types Regimen writes.
    enum FieldType: String, Sendable {
        case text, notes, radio, checkbox, yesno, file
    }

    /// The dictionary's column headers, in REDCap's order.
    static let columns = [
        "Variable / Field Name", "Form Name", "Section Header", "Field Type", "Field Label",
        "Choices, Calculations, OR Slider Labels", "Field Note", "Text Validation Type OR Show Slider Number",
        "Text Validation Min", "Text Validation Max", "Identifier?", "Branching Logic (Show field only if...)",
        "Required Field?", "Custom Alignment", "Question Number (surveys only)", "Matrix Group Name",
        "Matrix Ranking?", "Field Annotation",
    ]

    var name: String
    var form: String
    var type: FieldType
    var label: String
    /// `code, label | code, label`.
    var choices = ""
    var note = ""
    /// integer, number, datetime_seconds_ymd.
    var validation = ""
    var minimum = ""
    var maximum = ""
    var branchingLogic = ""
    var annotation = ""

    /// The row's cells, in `columns` order.
    var cells: [String] {
        [
            name, form, "", type.rawValue, label, choices, note, validation, minimum, maximum, "", branchingLogic, "",
            "", "", "", "", annotation,
        ]
    }
}
