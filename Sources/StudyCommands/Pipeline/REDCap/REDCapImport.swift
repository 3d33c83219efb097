import CareModel
import Foundation
import RegimenCommands
import RegimenFoundation
import StudyDatabase

/// REDCap's import file of a study (docs/redcap.md, "The import file"): per participant, one row of the
/// `participant` form, then one row per completed event as an instance of its task's repeating form (numbered from 1
/// in event order), with the event's local start, study day, values coded as the dictionary says and the form marked
/// complete (2). Missed events have no row: REDCap has no instance that was due and not filled in. Streamed one
/// participant at a time.
struct REDCapImport: Sendable {
    let project: REDCapProject
    let columns: WideColumns
    let deidentifier: Deidentifier?
    private let position: [String: Int]
    private let formOf: [String: Int]
    private let variableOf: [WideColumns.Source: Int]

    init(project: REDCapProject, columns: WideColumns, deidentifier: Deidentifier?) {
        self.project = project
        self.columns = columns
        self.deidentifier = deidentifier
        position = Dictionary(
            project.importColumns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        formOf = Dictionary(project.forms.enumerated().map { ($1.task, $0) }, uniquingKeysWith: { first, _ in first })
        variableOf = Dictionary(
            project.variables.enumerated().map { index, variable in
                (WideColumns.Source(task: variable.row.task, kind: variable.row.definition.kind), index)
            }, uniquingKeysWith: { first, _ in first })
    }

    /// Writes the import file of every participant to `output`.
    static func write(
        _ study: StudyDatabase, project: REDCapProject, now: Date, deidentifier: Deidentifier?, to output: TableOutput
    ) async throws(RegimenError) {
        let columns = try await StudyTables.call { () async throws(StudyDatabaseError) in
            try await study.wideColumns(task: nil)
        }
        let layout = REDCapImport(project: project, columns: columns, deidentifier: deidentifier)
        let writer = try TableWriter(.csv, columns: project.importColumns, output: output)
        let renderer = writer.renderer
        let participants = try await StudyTables.call { () async throws(StudyDatabaseError) in
            try await study.participants(ReadFilter())
        }
        try await ReadAhead.run(participants) { participant async throws(StudyDatabaseError) in
            let rows = try await study.wideRows(of: participant, ReadFilter(), columns: columns, now: now)
            var rendered = TableRowRenderer.Rows()
            for line in try layout.lines(participant, rows) {
                renderer.append(line.map { $0.isEmpty ? TableCell.empty : .text($0) }, to: &rendered)
            }
            return rendered
        } consume: { rendered throws(RegimenError) in
            try writer.write(rendered: rendered)
        }
        try writer.end()
    }

    /// The participant's rows: their record's, then one per completed event.
    func lines(_ participant: Participant, _ rows: [WideOutcomeRow]) throws(StudyDatabaseError) -> [[String]] {
        let blank = [String](repeating: "", count: position.count)
        let record = deidentifier?.code(participant) ?? participant.label
        var first = blank
        first[0] = record
        set(
            &first, project.enrolled,
            try time(CivilDateTime(participant.enrolledAt, timeZone: participant.timeZone), participant))
        set(&first, "\(REDCapProject.participantForm)_complete", "2")
        var lines = [first]
        var instances: [Int: Int] = [:]
        for row in rows where row.completed {
            guard let formIndex = formOf[row.task] else { continue }
            let form = project.forms[formIndex]
            instances[formIndex, default: 0] += 1
            var line = blank
            line[0] = record
            line[1] = form.name
            line[2] = String(instances[formIndex] ?? 1)
            set(&line, form.start, try time(row.localStart, participant))
            set(&line, form.day, String(row.studyDay))
            for (column, source) in columns.sources.enumerated() where source.task == row.task {
                guard let index = variableOf[source] else { continue }
                try fill(&line, project.variables[index], row.cells[column], participant)
            }
            set(&line, "\(form.name)_complete", "2")
            lines.append(line)
        }
        return lines
    }

    private func fill(
        _ line: inout [String], _ variable: REDCapProject.Variable, _ values: [OutcomeValue.Value],
        _ participant: Participant
    ) throws(StudyDatabaseError) {
        let name = variable.field.name
        let kept = values.filter {
            deidentifier?.keeps($0, task: variable.row.task, kind: variable.row.definition.kind) ?? true
        }
        if variable.field.type == .checkbox {
            for code in variable.orderedCodes { set(&line, "\(name)___\(code)", "0") }
            for case .text(let value) in kept {
                if let code = variable.codes[value] { set(&line, "\(name)___\(code)", "1") }
            }
            return
        }
        var texts: [String] = []
        for value in kept {
            switch value {
            case .integer(let number): texts.append(String(number))
            case .double(let number): texts.append(TableWriter.numberText(number))
            case .boolean(let flag): texts.append(flag ? "1" : "0")
            case .text(let text): texts.append(variable.codes[text] ?? text)
            case .date(let date):
                texts.append(try time(CivilDateTime(date, timeZone: participant.timeZone), participant))
            case .binary: continue
            }
        }
        set(&line, name, texts.joined(separator: "; "))
    }

    private func set(_ line: inout [String], _ column: String, _ text: String) {
        if let index = position[column] { line[index] = text }
    }

    /// REDCap's `datetime_seconds_ymd`, `2026-03-25 09:00:00`, in the participant's zone (moved when de-identified).
    private func time(_ reading: CivilDateTime, _ participant: Participant) throws(StudyDatabaseError) -> String {
        if let deidentifier { return try deidentifier.local(reading, participant, separator: " ") }
        return StudyTimeText.civil(
            CivilDate(year: reading.year, month: reading.month, day: reading.day), reading, separator: " ")
    }
}
