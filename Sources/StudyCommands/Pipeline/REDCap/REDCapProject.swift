import RegimenCommands
import StudyDatabase

/// A study's data dictionary as a REDCap project (docs/redcap.md): a `participant` form holding `record_id` and the
/// enrollment time, then one repeating form per task holding its event's local start, study day and variables.
/// Choices keep their values as codes when REDCap accepts them (lower-case letters, digits, underscores), else are
/// numbered 1…n; booleans are `yesno` (1, 0).
struct REDCapProject: Sendable {
    /// One variable of the dictionary as a REDCap field.
    struct Variable: Sendable {
        /// The dictionary row.
        let row: DictionaryRow
        /// Its field.
        var field: REDCapField
        /// Each choice value's code.
        let codes: [String: String]
        /// The codes in choice order.
        let orderedCodes: [String]
    }

    /// One repeating form: a task's events.
    struct Form: Sendable {
        let name: String
        let task: String
        let start: String
        let day: String
        /// Positions in `variables`.
        var variables: [Int] = []
    }

    /// A variable whose survey condition is not in its branching logic.
    struct NotExpressed: Sendable, Hashable {
        let variable: String
        let task: String
        let reason: String
    }

    static let recordID = "record_id"
    static let participantForm = "participant"
    let enrolled: String
    private(set) var variables: [Variable] = []
    private(set) var forms: [Form] = []
    private(set) var notExpressed: [NotExpressed] = []
    /// Variables left out (free text, when de-identified), by the dictionary's name.
    private(set) var leftOut: [String] = []

    /// The project of `dictionary`'s rows; without free-text variables when `deidentified`.
    init(dictionary: [DictionaryRow], deidentified: Bool) {
        var names = REDCapNames(reserved: [Self.recordID, Self.participantForm])
        var formNames = REDCapNames(reserved: [Self.participantForm])
        enrolled = names.make(from: "enrolled")
        var formOf: [String: Int] = [:]
        for row in dictionary {
            if deidentified && Deidentifier.isFreeText(row) {
                leftOut.append(row.variable)
                continue
            }
            let formIndex: Int
            if let known = formOf[row.task] {
                formIndex = known
            } else {
                formIndex = forms.count
                formOf[row.task] = formIndex
                let form = formNames.make(from: row.task)
                forms.append(
                    Form(
                        name: form, task: row.task, start: names.make(from: "\(form)_start"),
                        day: names.make(from: "\(form)_day")))
            }
            let variable = Self.variable(row, name: names.make(from: row.variable), form: forms[formIndex].name)
            forms[formIndex].variables.append(variables.count)
            variables.append(variable)
        }
        for index in variables.indices {
            let row = variables[index].row
            guard let condition = row.definition.shownWhen else { continue }
            do throws(REDCapBranchingLogic.Inexpressible) {
                variables[index].field.branchingLogic = try REDCapBranchingLogic(project: self, task: row.task)
                    .text(condition)
            } catch {
                notExpressed.append(
                    NotExpressed(variable: variables[index].field.name, task: row.task, reason: error.reason))
            }
        }
    }

    /// The variable of `kind` of `task`, if the project has it.
    func variable(task: String, kind: String) -> Variable? {
        variables.first { $0.row.task == task && $0.row.definition.kind == kind }
    }

    /// The dictionary's rows, in REDCap's order: the participant form, then each task's form.
    var fields: [REDCapField] {
        var fields = [
            REDCapField(name: Self.recordID, form: Self.participantForm, type: .text, label: "Participant"),
            REDCapField(
                name: enrolled, form: Self.participantForm, type: .text, label: "Enrolled",
                note: "Local time in the participant's home zone", validation: "datetime_seconds_ymd"),
        ]
        for form in forms {
            fields.append(
                REDCapField(
                    name: form.start, form: form.name, type: .text, label: "Event start",
                    note: "Local time in the participant's home zone", validation: "datetime_seconds_ymd",
                    annotation: "@READONLY"))
            fields.append(
                REDCapField(
                    name: form.day, form: form.name, type: .text, label: "Study day",
                    note: "The enrollment day is day 1; there is no day 0", validation: "integer",
                    annotation: "@READONLY"))
            fields += form.variables.map { variables[$0].field }
        }
        return fields
    }

    /// The import file's columns: the record id and repeat columns, then every field (a checkbox as one column per
    /// code, `name___code`), each form's `…_complete` after its fields.
    var importColumns: [String] {
        var columns = [Self.recordID, "redcap_repeat_instrument", "redcap_repeat_instance", enrolled]
        columns.append("\(Self.participantForm)_complete")
        for form in forms {
            columns += [form.start, form.day]
            for index in form.variables {
                let variable = variables[index]
                if variable.field.type == .checkbox {
                    columns += variable.orderedCodes.map { "\(variable.field.name)___\($0)" }
                } else {
                    columns.append(variable.field.name)
                }
            }
            columns.append("\(form.name)_complete")
        }
        return columns
    }

    private static func variable(_ row: DictionaryRow, name: String, form: String) -> Variable {
        let definition = row.definition
        var field = REDCapField(name: name, form: form, type: .text, label: definition.label ?? row.variable)
        field.note = definition.units.map { "Units: \($0)" } ?? ""
        field.annotation = "Regimen variable \(row.variable) of task \(row.task)"
        var codes: [String: String] = [:]
        var ordered: [String] = []
        let values = definition.choices.map(\.value)
        if definition.type == "boolean" || (Set(values) == ["true", "false"] && values.count == 2) {
            field.type = .yesno
            codes = ["true": "1", "false": "0"]
            ordered = ["1", "0"]
        } else if !definition.choices.isEmpty {
            field.type = definition.multipleChoice == true ? .checkbox : .radio
            let keep = Set(values).count == values.count && values.allSatisfy(Self.isCode)
            ordered = keep ? values : values.indices.map { String($0 + 1) }
            codes = Dictionary(zip(values, ordered), uniquingKeysWith: { first, _ in first })
            field.choices = zip(ordered, definition.choices).map { code, choice in
                "\(code), \(Self.choiceLabel(choice.text))"
            }.joined(separator: " | ")
        } else {
            switch definition.type {
            case "integer": field.validation = "integer"
            case "double": field.validation = "number"
            case "date":
                field.validation = "datetime_seconds_ymd"
                field.note = "Local time in the participant's home zone"
            case "binary": field.type = .file
            default: field.type = .notes
            }
            if field.type == .text {
                field.minimum = definition.minimum.map(TableWriter.numberText) ?? ""
                field.maximum = definition.maximum.map(TableWriter.numberText) ?? ""
            }
        }
        return Variable(row: row, field: field, codes: codes, orderedCodes: ordered)
    }

    /// Whether REDCap takes a choice value as its code as it is.
    static func isCode(_ value: String) -> Bool {
        !value.isEmpty && value.count <= 50
            && value.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// A choice's text as REDCap's choices column can hold it: no `|`, no line breaks.
    static func choiceLabel(_ text: String) -> String {
        String(
            text.map { character -> Character in
                character == "|" ? "/" : character.isNewline ? " " : character
            })
    }
}
