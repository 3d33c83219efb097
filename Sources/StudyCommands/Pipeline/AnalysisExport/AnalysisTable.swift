import CareModel
import Foundation
import RegimenCommands
import RegimenFoundation
import StudyDatabase

/// The long or wide outcome table as an analysis file holds it: typed variables with names valid in every statistics
/// package, labels and value labels, made from the same rows as the CSV export (docs/analysis-exports.md). A
/// de-identified table types the cells the de-identified CSV export writes (`Deidentifier.long`, `wide`), so both
/// hold the same codes, moved dates and left-out values (docs/deidentified-exports.md).
struct AnalysisTable: Sendable {
    /// Which outcome table.
    enum Shape: CaseIterable, Sendable {
        /// One row per value of every stored outcome version (`outcomes-long.csv`).
        case long
        /// One row per participant × event (`outcomes-wide.csv`).
        case wide

        /// The name of the analysis files before their extension.
        var fileStem: String {
            switch self {
            case .long: "analysis-long"
            case .wide: "analysis-wide"
            }
        }

        /// The CSV export's file of the same rows.
        var csvFile: String {
            switch self {
            case .long: "outcomes-long.csv"
            case .wide: "outcomes-wide.csv"
            }
        }
    }

    /// The codes of a wide missing-reason variable.
    enum MissingReason: Int, CaseIterable {
        /// The event has no current outcome.
        case missed = 1
        /// The event was answered, but without this value: skipped or not asked (the outcome does not tell which).
        case notAnswered = 2

        /// The value label.
        var text: String {
            switch self {
            case .missed: "missed"
            case .notAnswered: "not answered (skipped or not asked)"
            }
        }
    }

    /// Which table.
    let shape: Shape
    /// The variables, in column order.
    private(set) var variables: [AnalysisVariable]
    /// The wide table's declared variables it holds, as positions in the study's `WideColumns` (all but the free-text
    /// ones when de-identified); empty for the long table.
    private(set) var columns: [Int] = []
    /// What de-identifies the rows; nil for an identified table.
    private(set) var deidentifier: Deidentifier? = nil

    /// The long table's variables: the CSV columns, with `value_number` after `value`; de-identified with a
    /// `deidentifier` (its participant, local time and date labels saying so).
    static func long(deidentifier: Deidentifier? = nil) -> AnalysisTable {
        var names = AnalysisVariableNames()
        func variable(_ column: String, _ label: String, _ storage: AnalysisVariable.Storage) -> AnalysisVariable {
            AnalysisVariable(name: names.name(for: column), source: column, label: label, storage: storage)
        }
        let deidentified = deidentifier != nil
        return AnalysisTable(
            shape: .long,
            variables: [
                variable("participant", participantLabel(deidentified), .text),
                variable("task", "Task id", .text),
                variable("task_version", "Task version (the participant's versions of the task from 1)", .number),
                variable("study_revision", "Study revision that made the task version", .number),
                variable("occurrence", "Occurrence of the event in its task version's schedule", .number),
                variable("event_start_utc", "Event start (UTC)", .dateTime),
                variable("event_start_local", localLabel(deidentified), .dateTime),
                variable("study_day", "Study day (enrollment day 1, no day 0)", .number),
                variable("kind", "Outcome value kind", .text),
                variable("value", "Value as text (dates in the participant's zone)", .text),
                variable("value_number", "Value as a number (yes 1, no 0; empty for text and dates)", .number),
                variable("units", "Units", .text),
                variable("recorded_time_zone", "Time zone recorded with the outcome", .text),
                variable("recorded_utc_offset", "UTC offset recorded with the outcome (seconds east of UTC)", .number),
                variable("sync_id", "Sync id of the result", .text),
                variable("sync_version", "Sync version of the result", .number),
                variable("status", "current, replaced, superseded or deleted", .text),
            ], deidentifier: deidentifier)
    }

    /// The wide table's variables: the event columns, then per declared variable its value (labelled from the
    /// dictionary) and its missing reason. With a `deidentifier`, the variables of `leftOut` (free text) are left out
    /// after every name is made, so the others keep the names of the identified export.
    static func wide(
        columns: WideColumns, dictionary: [DictionaryRow], deidentifier: Deidentifier? = nil,
        leftOut: Set<WideColumns.Source> = []
    ) -> AnalysisTable {
        let deidentified = deidentifier != nil
        var names = AnalysisVariableNames()
        var variables = [
            ("participant", participantLabel(deidentified), AnalysisVariable.Storage.text), ("task", "Task id", .text),
            ("occurrence", "Occurrence of the event in its task version's schedule", .number),
            ("event_start_utc", "Event start (UTC)", .dateTime),
            ("event_start_local", localLabel(deidentified), .dateTime),
            ("study_day", "Study day (enrollment day 1, no day 0)", .number),
            ("status", "completed or missed", .text),
        ].map { AnalysisVariable(name: names.name(for: $0.0), source: $0.0, label: $0.1, storage: $0.2) }
        let definitions = Dictionary(
            dictionary.map { ($0.variable, $0.definition) }, uniquingKeysWith: { _, last in last })
        let reasonLabels = MissingReason.allCases.map { AnalysisVariable.ValueLabel(value: $0.rawValue, text: $0.text) }
        var kept: [Int] = []
        for (position, column) in columns.names.enumerated() {
            let definition = definitions[column]
            let name = names.name(for: column, reserving: 3)
            let reasonName = names.name(for: name + "_mr")
            guard !leftOut.contains(columns.sources[position]) else { continue }
            kept.append(position)
            variables.append(
                AnalysisVariable(
                    name: name, source: column, label: label(column, definition, deidentified: deidentified),
                    storage: storage(definition?.type), valueLabels: valueLabels(definition),
                    textValueLabels: textValueLabels(definition)))
            variables.append(
                AnalysisVariable(
                    name: reasonName, source: column + " (missing reason)",
                    label: "Why \(name) is missing", storage: .number, valueLabels: reasonLabels))
        }
        return AnalysisTable(shape: .wide, variables: variables, columns: kept, deidentifier: deidentifier)
    }

    /// The participant column's label.
    static func participantLabel(_ deidentified: Bool) -> String {
        deidentified ? "Participant code (keyed hash of the label, deidentification.json)" : "Participant label"
    }

    /// The local columns' label.
    static func localLabel(_ deidentified: Bool) -> String {
        deidentified
            ? "Event start, local wall time in the participant's home zone, moved by their shift (deidentification.json)"
            : "Event start, local wall time in the participant's home zone (participants.csv)"
    }

    /// What a date answer's label ends with: its zone, or in a de-identified table that it is a moved local time.
    static func dateSuffix(_ deidentified: Bool) -> String {
        deidentified ? " (local wall time, moved)" : " (UTC)"
    }

    /// The label of a declared variable: its question (or its column), units in brackets, `dateSuffix` for a date.
    private static func label(_ column: String, _ definition: PublishedVariable?, deidentified: Bool) -> String {
        var label = definition?.label ?? column
        if let units = definition?.units, !units.isEmpty { label += " [\(units)]" }
        if definition?.type == "date" { label += dateSuffix(deidentified) }
        return label
    }

    private static func storage(_ type: String?) -> AnalysisVariable.Storage {
        switch type {
        case "integer", "double", "boolean": .number
        case "date": .dateTime
        default: .text
        }
    }

    /// Choices whose values are whole numbers (or `true`/`false`, as 1/0) as value labels; yes/no without choices
    /// as `true`/`false`.
    private static func valueLabels(_ definition: PublishedVariable?) -> [AnalysisVariable.ValueLabel] {
        guard let definition, storage(definition.type) == .number else { return [] }
        if definition.type == "boolean", definition.choices.isEmpty {
            return [.init(value: 1, text: "true"), .init(value: 0, text: "false")]
        }
        var labels: [AnalysisVariable.ValueLabel] = []
        for choice in definition.choices {
            let code: Int? =
                switch choice.value {
                case "true": 1
                case "false": 0
                default: Int(choice.value)
                }
            guard let code, Int32(exactly: code) != nil else { return [] }
            labels.append(.init(value: code, text: choice.text))
        }
        return labels
    }

    /// A variable's choices as labels of their codes written as text (`walking`, or `1` of a number variable stored as
    /// text because a cell holds several values).
    private static func textValueLabels(_ definition: PublishedVariable?) -> [AnalysisVariable.TextValueLabel] {
        (definition?.choices ?? []).map { .init(value: $0.value, text: $0.text) }
    }

    /// Stores variable `index`'s values as text (a numeric or date variable that holds several values in a cell, or
    /// a value of another type).
    mutating func storeAsText(_ index: Int) {
        variables[index].storage = .text
        variables[index].valueLabels = []
    }

    /// The cells of a long row; nil when a de-identified table leaves the row out (a free-text or binary value).
    func cells(_ row: LongOutcomeRow) throws(StudyDatabaseError) -> [AnalysisCell?]? {
        if let deidentifier {
            guard let csv = try deidentifier.long(row) else { return nil }
            // The CSV columns in order, with `value_number` (typed from `value`'s cell) after `value`.
            let value = LongOutcomeRow.columns.firstIndex(of: "value") ?? 0
            var cells: [AnalysisCell?] = []
            cells.reserveCapacity(variables.count)
            for (index, cell) in csv.enumerated() {
                cells.append(Self.typed(cell, storage: variables[cells.count].storage))
                if index == value { cells.append(Self.typed(cell, storage: .number) ?? .missing) }
            }
            return cells
        }
        let outcome = row.outcome.outcome
        let zone = row.participant.timeZone
        let number: AnalysisCell =
            switch row.value?.value {
            case .integer(let value): .number(Double(value))
            case .double(let value): .number(value)
            case .boolean(let value): .number(value ? 1 : 0)
            default: .missing
            }
        return [
            .text(row.participant.label), .text(row.task), .number(Double(row.taskVersion)),
            .number(Double(row.studyRevision)), .number(Double(outcome.occurrence)), Self.utc(outcome.eventStart),
            Self.local(outcome.eventStart, zone), .number(Double(row.studyDay)), Self.text(row.value?.kind),
            row.value.map { .text($0.value.text(timeZone: zone)) } ?? .missing, number, Self.text(row.value?.units),
            Self.text(row.outcome.recordedTimeZone),
            row.outcome.recordedUTCOffset.map { .number(Double($0)) } ?? .missing,
            Self.text(outcome.syncID), .number(Double(outcome.syncVersion)), .text(row.outcome.status),
        ]
    }

    /// The cells of a wide row; nil at the place of a value that does not fit its variable's storage (several values
    /// in a number's cell, or a value of another type), which `storeAsText` then fixes.
    func cells(_ row: WideOutcomeRow, sources: [WideColumns.Source]) throws(StudyDatabaseError) -> [AnalysisCell?] {
        let events = WideOutcomeRow.eventColumns.count
        var cells: [AnalysisCell?]
        if let deidentifier {
            let csv = try deidentifier.wide(row, kept: columns, columns: sources)
            cells = csv[..<events].enumerated().map { Self.typed($1, storage: variables[$0].storage) }
            for (index, cell) in csv[events...].enumerated() {
                cells.append(Self.typed(cell, storage: variables[events + 2 * index].storage))
                cells.append(Self.reason(answered: !Self.isEmpty(cell), completed: row.completed))
            }
            return cells
        }
        cells = [
            .text(row.participant.label), .text(row.task), .number(Double(row.occurrence)), Self.utc(row.eventStart),
            .dateTime(row.eventStart.timeIntervalSince1970 + Double(row.localStart.offsetMinutes * 60)),
            .number(Double(row.studyDay)), .text(row.status),
        ]
        let zone = row.participant.timeZone
        for (index, column) in columns.enumerated() {
            let values = row.cells[column]
            cells.append(Self.cell(values, storage: variables[events + 2 * index].storage, zone: zone))
            cells.append(Self.reason(answered: !values.isEmpty, completed: row.completed))
        }
        return cells
    }

    /// A missing-reason cell: missing when the value is there, else why.
    private static func reason(answered: Bool, completed: Bool) -> AnalysisCell {
        answered ? .missing : .number(Double((completed ? MissingReason.notAnswered : .missed).rawValue))
    }

    /// A cell of the de-identified CSV export typed for `storage`: empty as missing, text as its text, numbers and
    /// yes/no as numbers, a moved local time (`2026-01-14T08:00:00`) as a date and time; nil when it does not fit.
    private static func typed(_ cell: TableCell, storage: AnalysisVariable.Storage) -> AnalysisCell? {
        if isEmpty(cell) { return .missing }
        switch (storage, cell) {
        case (.text, _): return .text(cell.text)
        case (.number, .integer(let value)): return .number(Double(value))
        case (.number, .number(let value)): return .number(value)
        case (.number, .outcomeValue(.integer(let value), _)): return .number(Double(value))
        case (.number, .outcomeValue(.double(let value), _)): return .number(value)
        case (.number, .outcomeValue(.boolean(let value), _)): return .number(value ? 1 : 0)
        case (.dateTime, .text(let text)): return wallTime(text).map(AnalysisCell.dateTime)
        default: return nil
        }
    }

    private static func isEmpty(_ cell: TableCell) -> Bool {
        if case .empty = cell { true } else { false }
    }

    /// Seconds since 1970 of a local time without offset, `YYYY-MM-DDTHH:MM:SS` read as UTC; nil for other text.
    static func wallTime(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        return Double(date.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// One wide cell: text as the CSV writes it, or the one value typed.
    private static func cell(_ values: [OutcomeValue.Value], storage: AnalysisVariable.Storage, zone: TimeZone)
        -> AnalysisCell?
    {
        guard !values.isEmpty else { return .missing }
        if storage == .text { return .text(StudyTableCells.values(values, zone: zone).text) }
        guard values.count == 1 else { return nil }
        switch (values[0], storage) {
        case (.integer(let value), .number): return .number(Double(value))
        case (.double(let value), .number): return .number(value)
        case (.boolean(let value), .number): return .number(value ? 1 : 0)
        case (.date(let date), .dateTime): return .dateTime(date.timeIntervalSince1970)
        default: return nil
        }
    }

    private static func text(_ text: String?) -> AnalysisCell { text.map(AnalysisCell.text) ?? .missing }

    private static func utc(_ date: Date) -> AnalysisCell { .dateTime(date.timeIntervalSince1970) }

    private static func local(_ date: Date, _ zone: TimeZone) -> AnalysisCell {
        .dateTime(date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date)))
    }
}
