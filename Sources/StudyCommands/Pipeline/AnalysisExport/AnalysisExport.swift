import Foundation
import RegimenCommands
import RegimenFoundation
import StudyDatabase
import SystemPackage

/// `study export --format spss|stata|sas|r`: the long and wide outcome tables as analysis files beside the CSV export,
/// and `variables.csv`, which maps each file's variables to the CSV columns (docs/analysis-exports.md). The rows are
/// read as the CSV tables read them (`StudyDatabase.longOutcomes`, `wideRows`), one participant at a time, in a sizing
/// pass (rows, text widths, which variables must be text) that keeps them in a scratch file (`AnalysisSpool`) for the
/// writing pass, so the study is read once and memory stays flat. When a variable must become text, the spooled rows
/// no longer fit and the writing pass reads the study again. With a `Deidentifier` the tables type the de-identified
/// CSV export's cells (docs/deidentified-exports.md), and no file names when it was written.
enum AnalysisExport {
    /// Writes one file of the export and lists it in the manifest (`StudyExport.write`'s own step).
    typealias FileStep = (String, (TableOutput) async throws(RegimenError) -> Void) async throws(RegimenError) -> Void

    /// The scratch file of `shape` in the export's hidden folder.
    static func spoolName(_ shape: AnalysisTable.Shape) -> String { "\(shape.fileStem).spool" }

    /// Writes `format`'s files through `file` (scratch files in `folder`, the export's hidden folder), with a progress
    /// bar of participants per pass on standard error when `progress` (it is a terminal); nothing for `csv`. With a
    /// `deidentifier`, de-identified.
    static func write(
        _ study: StudyDatabase, format: AnalysisFormat, now: Date, folder: FilePath, progress: Bool,
        deidentifier: Deidentifier? = nil, file: FileStep
    ) async throws(RegimenError) {
        guard format != .csv else { return }
        let bar = ProgressBar(label: "", total: 0, enabled: progress)
        defer { bar.finish() }
        var tables: [(table: AnalysisTable, name: String)] = []
        for shape in AnalysisTable.Shape.allCases {
            var table = try await self.table(shape, study, deidentifier: deidentifier)
            let spool = try AnalysisSpool(folder.appending(spoolName(shape)))
            let size = try await measure(
                &table, study, now: now, kind: format.statisticalFile, progress: bar, spool: spool)
            let name = "\(shape.fileStem).\(format.statisticalFile?.fileExtension ?? "csv")"
            let rows = {
                (keeping: Bool, body: ([AnalysisCell]) throws(RegimenError) -> Void) async throws(RegimenError) in
                if size.spooled {
                    bar.restart(label: name, total: size.rows)
                    var done = 0
                    try spool.read(columns: table.variables.count, keeping: keeping) { cells throws(RegimenError) in
                        try body(cells)
                        done += 1
                        if done % 4096 == 0 { bar.advance(by: 4096) }
                    }
                } else {
                    try await forEachRow(table, study, now: now, progress: (bar, name), body)
                }
            }
            if let kind = format.statisticalFile {
                // Stata's strL texts must all be known before the file starts: one more pass collects them.
                let long = kind.stringReferences(table, widths: size.widths)
                var longTexts: Set<String> = []
                if !long.isEmpty {
                    try await rows(true) { cells throws(RegimenError) in
                        for index in long {
                            if case .text(let text) = cells[index] {
                                longTexts.insert(text)
                            } else {
                                longTexts.insert("")
                            }
                        }
                    }
                }
                try await file(name) { output async throws(RegimenError) in
                    let writer = try StatisticalFileWriter(
                        kind, file: name, table: table, widths: size.widths, rows: size.rows, longTexts: longTexts,
                        written: deidentifier == nil ? now : nil, output: output)
                    var written = 0
                    try await rows(false) { cells throws(RegimenError) in
                        written += 1
                        guard written <= size.rows else {
                            throw .reported(AnalysisExportError.studyChanged(file: name))
                        }
                        try writer.write(cells)
                    }
                    try writer.end()
                    output.rows = written
                }
                if kind == .xpt {
                    try await file("\(shape.fileStem).sas") { output async throws(RegimenError) in
                        try output.write(
                            AnalysisSASProgram.program(for: table, xpt: name, written: deidentifier == nil ? now : nil))
                    }
                }
            } else {
                try await file(name) { output async throws(RegimenError) in
                    let writer = try TableWriter(.csv, columns: table.variables.map(\.name), output: output)
                    try await rows(false) { cells throws(RegimenError) in
                        try writer.write(cells.map(AnalysisRScript.csvCell))
                    }
                    try writer.end()
                }
                try await file("\(shape.fileStem).R") { output async throws(RegimenError) in
                    try output.write(
                        AnalysisRScript.script(for: table, csv: name, written: deidentifier == nil ? now : nil))
                }
            }
            tables.append((table, name))
        }
        try await file("variables.csv") { output async throws(RegimenError) in
            let writer = try TableWriter(.csv, columns: AnalysisVariableList.columns, output: output)
            for (table, name) in tables {
                for variable in table.variables { try writer.write(AnalysisVariableList.cells(variable, file: name)) }
            }
            try writer.end()
        }
    }

    /// The table of `shape` with its variables declared from the published revisions; de-identified with a
    /// `deidentifier`, without the free-text variables (`StudyTables.freeTextVariables`, as the CSV export).
    private static func table(_ shape: AnalysisTable.Shape, _ study: StudyDatabase, deidentifier: Deidentifier?)
        async throws(RegimenError) -> AnalysisTable
    {
        switch shape {
        case .long: return AnalysisTable.long(deidentifier: deidentifier)
        case .wide:
            let columns = try await StudyTables.call { () async throws(StudyDatabaseError) in
                try await study.wideColumns(task: nil)
            }
            let dictionary = try await StudyTables.call { () async throws(StudyDatabaseError) in
                try await study.dictionary()
            }
            let leftOut = try await deidentifier == nil ? [] : StudyTables.freeTextVariables(study)
            return AnalysisTable.wide(
                columns: columns, dictionary: dictionary, deidentifier: deidentifier, leftOut: leftOut)
        }
    }

    /// The sizing pass: the number of rows and each variable's widest text in bytes (at least 1), the rows kept in
    /// `spool` (`spooled`) until a variable holds a value its storage cannot; such variables are turned to text and
    /// the pass runs again without the spool. A text longer than `kind` holds is refused.
    private static func measure(
        _ table: inout AnalysisTable, _ study: StudyDatabase, now: Date, kind: StatisticalFileKind?,
        progress: ProgressBar, spool: AnalysisSpool
    ) async throws(RegimenError) -> (rows: Int, widths: [Int], spooled: Bool) {
        var spooling = true
        while true {
            var rows = 0
            var widths = [Int](repeating: 1, count: table.variables.count)
            var demoted: Set<Int> = []
            let label = "\(table.shape.fileStem): sizing"
            let columns = table.variables.count
            try await forEachCells(table, study, now: now, progress: (progress, label)) { cells throws(RegimenError) in
                guard cells.count == columns else {
                    throw .reported(AnalysisExportError.studyChanged(file: table.shape.fileStem))
                }
                rows += 1
                var fitting: [AnalysisCell] = []
                fitting.reserveCapacity(cells.count)
                for (index, cell) in cells.enumerated() {
                    guard let cell else {
                        demoted.insert(index)
                        continue
                    }
                    if case .text(let text) = cell { widths[index] = max(widths[index], text.utf8.count) }
                    fitting.append(cell)
                }
                if spooling, demoted.isEmpty { try spool.append(fitting) }
            }
            guard demoted.isEmpty else {
                for index in demoted { table.storeAsText(index) }
                if spooling { spool.discard() }
                spooling = false
                continue
            }
            if let kind, let index = widths.indices.first(where: { widths[$0] > kind.longestText }) {
                throw .reported(
                    AnalysisExportError.textTooLong(
                        file: "\(table.shape.fileStem).\(kind.fileExtension)", variable: table.variables[index].name,
                        bytes: widths[index], limit: kind.longestText))
            }
            if spooling { try spool.finishWriting() }
            return (rows, widths, spooling)
        }
    }

    /// Every row's cells, every value fitting its variable (the sizing pass has made them fit; one that does not
    /// means the study changed between the passes).
    private static func forEachRow(
        _ table: AnalysisTable, _ study: StudyDatabase, now: Date, progress: (bar: ProgressBar, label: String),
        _ body: ([AnalysisCell]) throws(RegimenError) -> Void
    ) async throws(RegimenError) {
        try await forEachCells(table, study, now: now, progress: progress) { cells throws(RegimenError) in
            guard cells.count == table.variables.count else {
                throw .reported(AnalysisExportError.studyChanged(file: table.shape.fileStem))
            }
            var fitting: [AnalysisCell] = []
            fitting.reserveCapacity(cells.count)
            for cell in cells {
                guard let cell else { throw .reported(AnalysisExportError.studyChanged(file: table.shape.fileStem)) }
                fitting.append(cell)
            }
            try body(fitting)
        }
    }

    /// Every row's cells as the table's variables store them, participants read and turned into cells ahead (in
    /// tasks of their own) as the CSV tables read and render them; `progress` counts participants under its label.
    private static func forEachCells(
        _ table: AnalysisTable, _ study: StudyDatabase, now: Date, progress: (bar: ProgressBar, label: String),
        _ body: ([AnalysisCell?]) throws(RegimenError) -> Void
    ) async throws(RegimenError) {
        let all = ReadFilter()
        let participants = try await StudyTables.call { () async throws(StudyDatabaseError) in
            try await study.participants(all)
        }
        progress.bar.restart(label: progress.label, total: participants.count)
        switch table.shape {
        case .long:
            try await ReadAhead.run(participants) { participant async throws(StudyDatabaseError) in
                var rows: [[AnalysisCell?]] = []
                for row in try await study.longOutcomes(of: participant, all) {
                    if let cells = try table.cells(row) { rows.append(cells) }
                }
                return rows
            } consume: { rows throws(RegimenError) in
                for cells in rows { try body(cells) }
                progress.bar.advance(by: 1)
            }
        case .wide:
            let columns = try await StudyTables.call { () async throws(StudyDatabaseError) in
                try await study.wideColumns(task: nil)
            }
            try await ReadAhead.run(participants) { participant async throws(StudyDatabaseError) in
                var rows: [[AnalysisCell?]] = []
                for row in try await study.wideRows(of: participant, all, columns: columns, now: now) {
                    rows.append(try table.cells(row, sources: columns.sources))
                }
                return rows
            } consume: { rows throws(RegimenError) in
                for cells in rows { try body(cells) }
                progress.bar.advance(by: 1)
            }
        }
    }
}
