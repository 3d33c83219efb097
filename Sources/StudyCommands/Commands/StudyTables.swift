import Foundation
import RegimenCommands
import StudyDatabase

/// Researchers' tables streamed to a `TableOutput`, one participant at a time so memory stays flat in the size of
/// the study (docs/study-database.md, "What researchers read"). Shared by `outcomes`, `adherence`, `dictionary`,
/// `status` and `export`.
enum StudyTables {
    /// Runs a study database call, its error in the commands' form.
    static func call<T>(_ body: () async throws(StudyDatabaseError) -> T) async throws(RegimenError) -> T {
        do throws(StudyDatabaseError) {
            return try await body()
        } catch {
            throw .study(error)
        }
    }

    /// The long outcomes table; participants are read and rendered ahead of the writer (`ReadAhead`). With a
    /// `deidentifier`, its rows are de-identified and those of free-text values left out.
    static func long(
        _ study: StudyDatabase, _ filter: ReadFilter, format: TableWriter.Format, to output: TableOutput,
        deidentifier: Deidentifier? = nil
    ) async throws(RegimenError) {
        let writer = try TableWriter(format, columns: LongOutcomeRow.columns, output: output)
        let renderer = writer.renderer
        let participants = try await call { () async throws(StudyDatabaseError) in
            try await study.participants(filter)
        }
        try await ReadAhead.run(participants) { participant async throws(StudyDatabaseError) in
            var rendered = TableRowRenderer.Rows()
            for row in try await study.longOutcomes(of: participant, filter) {
                guard let deidentifier else {
                    renderer.append(StudyTableCells.long(row), to: &rendered)
                    continue
                }
                guard let cells = try deidentifier.long(row) else { continue }
                renderer.append(cells, to: &rendered)
            }
            return rendered
        } consume: { rendered throws(RegimenError) in
            try writer.write(rendered: rendered)
        }
        try writer.end()
    }

    /// The wide outcomes table: its variable columns are fixed by the published revisions, whatever rows it keeps.
    /// Participants are read and rendered ahead of the writer (`ReadAhead`). With a `deidentifier`, its rows are
    /// de-identified and the columns of free-text variables left out.
    static func wide(
        _ study: StudyDatabase, _ filter: ReadFilter, now: Date, format: TableWriter.Format, to output: TableOutput,
        deidentifier: Deidentifier? = nil
    ) async throws(RegimenError) {
        let columns = try await call { () async throws(StudyDatabaseError) in
            try await study.wideColumns(task: filter.task)
        }
        let freeText: Set<WideColumns.Source> = try await deidentifier == nil ? [] : freeTextVariables(study)
        let kept = columns.sources.indices.filter { !freeText.contains(columns.sources[$0]) }
        let writer = try TableWriter(
            format, columns: WideOutcomeRow.eventColumns + kept.map { columns.names[$0] }, output: output)
        let renderer = writer.renderer
        let participants = try await call { () async throws(StudyDatabaseError) in
            try await study.participants(filter)
        }
        try await ReadAhead.run(participants) { participant async throws(StudyDatabaseError) in
            var rendered = TableRowRenderer.Rows()
            for row in try await study.wideRows(of: participant, filter, columns: columns, now: now) {
                let cells =
                    try deidentifier?.wide(row, kept: kept, columns: columns.sources) ?? StudyTableCells.wide(row)
                renderer.append(cells, to: &rendered)
            }
            return rendered
        } consume: { rendered throws(RegimenError) in
            try writer.write(rendered: rendered)
        }
        try writer.end()
    }

    /// The adherence table, by local day or by study week; de-identified with a `deidentifier`.
    static func adherence(
        _ study: StudyDatabase, _ filter: ReadFilter, byWeek: Bool, now: Date, format: TableWriter.Format,
        to output: TableOutput, deidentifier: Deidentifier? = nil
    ) async throws(RegimenError) {
        let writer = try TableWriter(
            format, columns: byWeek ? AdherenceRow.weekColumns : AdherenceRow.dayColumns, output: output)
        let participants = try await call { () async throws(StudyDatabaseError) in
            try await study.participants(filter)
        }
        for participant in participants {
            let days = try await call { () async throws(StudyDatabaseError) in
                try await study.adherenceDays(of: participant, filter, now: now)
            }
            for row in byWeek ? AdherenceRow.weeks(of: days) : days {
                guard let deidentifier else {
                    try writer.write(StudyTableCells.adherence(row, week: byWeek))
                    continue
                }
                try writer.write(
                    try await call { () throws(StudyDatabaseError) in try deidentifier.adherence(row, week: byWeek) })
            }
        }
        try writer.end()
    }

    /// The data dictionary; without its free-text variables when `deidentified`.
    static func dictionary(
        _ study: StudyDatabase, format: TableWriter.Format, to output: TableOutput, deidentified: Bool = false
    ) async throws(RegimenError) {
        let writer = try TableWriter(format, columns: DictionaryRow.columns, output: output)
        for row in try await call({ () async throws(StudyDatabaseError) in try await study.dictionary() })
        where !(deidentified && Deidentifier.isFreeText(row)) {
            try writer.write(StudyTableCells.dictionary(row))
        }
        try writer.end()
    }

    /// The variables a de-identified table leaves out: free text and binary values.
    static func freeTextVariables(_ study: StudyDatabase) async throws(RegimenError) -> Set<WideColumns.Source> {
        let rows = try await call { () async throws(StudyDatabaseError) in try await study.dictionary() }
        return Set(
            rows.filter(Deidentifier.isFreeText).map { WideColumns.Source(task: $0.task, kind: $0.definition.kind) })
    }

    /// The status of every participant (or the filter's one).
    static func status(
        _ study: StudyDatabase, _ filter: ReadFilter, now: Date, format: TableWriter.Format, to output: TableOutput
    ) async throws(RegimenError) {
        let writer = try TableWriter(format, columns: StatusRow.columns, output: output)
        let participants = try await call { () async throws(StudyDatabaseError) in
            try await study.participants(filter)
        }
        for participant in participants {
            let row = try await call { () async throws(StudyDatabaseError) in
                try await study.status(of: participant, now: now)
            }
            try writer.write(StudyTableCells.status(row))
        }
        try writer.end()
    }

    /// The status rows of every participant (or the filter's one), for the aligned text table.
    static func statusRows(_ study: StudyDatabase, _ filter: ReadFilter, now: Date) async throws(RegimenError)
        -> [StatusRow]
    {
        var rows: [StatusRow] = []
        let participants = try await call { () async throws(StudyDatabaseError) in
            try await study.participants(filter)
        }
        for participant in participants {
            rows.append(
                try await call { () async throws(StudyDatabaseError) in
                    try await study.status(of: participant, now: now)
                })
        }
        return rows
    }

    /// Every participant with enrollment and withdrawal; de-identified with a `deidentifier`.
    static func participants(
        _ study: StudyDatabase, format: TableWriter.Format, to output: TableOutput, deidentifier: Deidentifier? = nil
    ) async throws(RegimenError) {
        let writer = try TableWriter(format, columns: StudyTableCells.participantColumns, output: output)
        for participant in try await call({ () async throws(StudyDatabaseError) in
            try await study.participants(ReadFilter())
        }) {
            guard let deidentifier else {
                try writer.write(StudyTableCells.participant(participant))
                continue
            }
            try writer.write(
                try await call { () throws(StudyDatabaseError) in try deidentifier.participant(participant) })
        }
        try writer.end()
    }

    /// Reads rows from the study database for the participant `tableOptions` names (every one when none) and prints
    /// one line of `cells` each, under `columns`, or `empty` when there is none.
    static func printRows<Row>(
        _ databaseOptions: StudyDatabaseOptions, _ tableOptions: ParticipantTableOptions, columns: [String],
        empty: String,
        read: (StudyDatabase, _ label: String?) async throws(StudyDatabaseError) -> [Row], cells: (Row) -> [TableCell]
    ) async throws(RegimenError) {
        let environment = try StudyDatabaseOptions.environment()
        let label = tableOptions.participant
        let rows = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            try await call { () async throws(StudyDatabaseError) in try await read(study, label) }
        }
        try print(rows.map(cells), columns: columns, format: tableOptions.format, empty: empty)
    }

    /// Prints a small table read whole: aligned (or `empty` when it has no rows) for `table`, else CSV or JSON as the
    /// other tables write them.
    static func print(_ cells: [[TableCell]], columns: [String], format: OutputFormat, empty: String)
        throws(RegimenError)
    {
        guard format != .table else {
            Swift.print(cells.isEmpty ? empty : TextTable(header: columns, rows: cells.map { $0.map(\.text) }).render())
            return
        }
        let output = TableOutput.standardOutput()
        let writer = try TableWriter(try StudyReadOptions.tableFormat(format), columns: columns, output: output)
        var rendered = TableRowRenderer.Rows()
        for row in cells { writer.renderer.append(row, to: &rendered) }
        try writer.write(rendered: rendered)
        try writer.end()
        try output.finish()
    }
}
