import Foundation
import RegimenCommands
import StudyDatabase

/// REDCap's files of a study, written to a `TableOutput` (docs/redcap.md): the data dictionary, the import file and
/// the list of conditions its branching logic does not hold.
enum REDCapTables {
    /// The study's dictionary as a REDCap project.
    static func project(_ study: StudyDatabase, deidentified: Bool) async throws(RegimenError) -> REDCapProject {
        let rows = try await StudyTables.call { () async throws(StudyDatabaseError) in try await study.dictionary() }
        return REDCapProject(dictionary: rows, deidentified: deidentified)
    }

    /// REDCap's data dictionary CSV.
    static func dictionary(_ project: REDCapProject, to output: TableOutput) throws(RegimenError) {
        let writer = try TableWriter(.csv, columns: REDCapField.columns, output: output)
        for field in project.fields {
            try writer.write(field.cells.map { $0.isEmpty ? TableCell.empty : .text($0) })
        }
        try writer.end()
    }

    /// The columns of `redcap-branching.csv`.
    static let notExpressedColumns = ["variable", "task", "reason"]

    /// The variables whose survey condition the branching logic does not hold, and why, as CSV.
    static func notExpressed(_ project: REDCapProject, to output: TableOutput) throws(RegimenError) {
        let writer = try TableWriter(.csv, columns: notExpressedColumns, output: output)
        for entry in project.notExpressed {
            try writer.write([.text(entry.variable), .text(entry.task), .text(entry.reason)])
        }
        try writer.end()
    }

    /// The same, one line each, for standard error.
    static func notExpressedLines(_ project: REDCapProject) -> [String] {
        project.notExpressed.map {
            "\($0.variable) (task \($0.task)): no branching logic written, since REDCap cannot express \($0.reason)"
        }
    }
}
