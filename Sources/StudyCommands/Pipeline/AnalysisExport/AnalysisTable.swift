import CareModel
import Foundation
import RegimenCommands
import RegimenFoundation
import StudyDatabase

/// The long or wide outcome table as an analysis file holds it: typed variables with names valid in every statistics
/// package, labels and value labels, made from the same rows as the CSV export (docs/analysis-exports.md).
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

    /// The long table's variables: the CSV columns, with `value_number` after `value`.
    static func long() -> AnalysisTable {
        var names = AnalysisVariableNames()
        func variable(_ column: String, _ label: String, _ storage: AnalysisVariable.Storage) -> AnalysisVariable {
            AnalysisVariable(name: names.name(for: column), source: column, label: label, storage: storage)
        }
        return AnalysisTable(
            shape: .long,
            variables: [
                variable("participant", "Participant label", .text),
                variable("task", "Task id", .text),
                variable("task_version", "Task version (the participant's versions of the task from 1)", .number),
                variable("study_revision", "Study revision that made the task version", .number),
                variable("occurrence", "Occurrence of the event in its task version's schedule", .number),
                variable("event_start_utc", "Event start (UTC)", .dateTime),
                variable("event_start_local", localLabel, .dateTime),
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
            ])
    }

    /// The wide table's variables: the event columns, then per declared variable its value (labelled from the
    /// dictionary) and its missing reason.
    static func wide(columns: WideColumns, dictionary: [DictionaryRow]) -> AnalysisTable {
        var names = AnalysisVariableNames()
        var variables = [
            ("participant", "Participant label", AnalysisVariable.Storage.text), ("task", "Task id", .text),
            ("occurrence", "Occurrence of the event in its task version's schedule", .number),
            ("event_start_utc", "Event start (UTC)", .dateTime), ("event_start_local", localLabel, .dateTime),
            ("study_day", "Study day (enrollment day 1, no day 0)", .number),
            ("status", "completed or missed", .text),
        ].map { AnalysisVariable(name: names.name(for: $0.0), source: $0.0, label: $0.1, storage: $0.2) }
        let definitions = Dictionary(
            dictionary.map { ($0.variable, $0.definition) }, uniquingKeysWith: { _, last in last })
        let reasonLabels = MissingReason.allCases.map { AnalysisVariable.ValueLabel(value: $0.rawValue, text: $0.text) }
        for column in columns.names {
            let definition = definitions[column]
            let name = names.name(for: column, reserving: 3)
            variables.append(
                AnalysisVariable(
                    name: name, source: column, label: label(column, definition),
                    storage: storage(definition?.type), valueLabels: valueLabels(definition)))
            variables.append(
                AnalysisVariable(
                    name: names.name(for: name + "_mr"), source: column + " (missing reason)",
                    label: "Why \(name) is missing", storage: .number, valueLabels: reasonLabels))
        }
        return AnalysisTable(shape: .wide, variables: variables)
    }

    /// The local columns' label.
    static let localLabel = "Event start, local wall time in the participant's home zone (participants.csv)"

    /// The label of a declared variable: its question (or its column), units in brackets, `(UTC)` for a date.
    private static func label(_ column: String, _ definition: PublishedVariable?) -> String {
        var label = definition?.label ?? column
        if let units = definition?.units, !units.isEmpty { label += " [\(units)]" }
        if definition?.type == "date" { label += " (UTC)" }
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

    /// Stores variable `index`'s values as text (a numeric or date variable that holds several values in a cell, or
    /// a value of another type).
    mutating func storeAsText(_ index: Int) {
        variables[index].storage = .text
        variables[index].valueLabels = []
    }

    /// The cells of a long row.
    func cells(_ row: LongOutcomeRow) -> [AnalysisCell] {
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
    func cells(_ row: WideOutcomeRow) -> [AnalysisCell?] {
        var cells: [AnalysisCell?] = [
            .text(row.participant.label), .text(row.task), .number(Double(row.occurrence)), Self.utc(row.eventStart),
            .dateTime(row.eventStart.timeIntervalSince1970 + Double(row.localStart.offsetMinutes * 60)),
            .number(Double(row.studyDay)), .text(row.status),
        ]
        let zone = row.participant.timeZone
        for (column, values) in row.cells.enumerated() {
            let variable = variables[WideOutcomeRow.eventColumns.count + 2 * column]
            cells.append(Self.cell(values, storage: variable.storage, zone: zone))
            let reason: MissingReason? = values.isEmpty ? (row.completed ? .notAnswered : .missed) : nil
            cells.append(reason.map { .number(Double($0.rawValue)) } ?? .missing)
        }
        return cells
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
