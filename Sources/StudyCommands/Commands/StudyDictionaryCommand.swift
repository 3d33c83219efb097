import ArgumentParser
import RegimenCommands
import StudyDatabase

/// `regimen study dictionary`: the study's data dictionary, REDCap-shaped, or REDCap's own (docs/study-database.md,
/// "What researchers read"; docs/redcap.md).
struct StudyDictionaryCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "dictionary",
        abstract:
            "Write the data dictionary: every variable, its task, type, label, choices, units, limits and revisions.",
        discussion: """
            --format redcap writes REDCap's data dictionary instead, and lists on standard error each variable whose \
            survey condition its branching logic cannot hold. --deidentify leaves out free-text variables.
            """
    )

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    @Option(help: "csv (default), json or redcap.")
    var format: StudyDictionaryFormat = .csv

    @Flag(help: "Leave out free-text variables, as de-identified exports do.")
    var deidentify = false

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let (format, deidentify, commandName) = (format, deidentify, app.commandName)
        try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            let output = TableOutput.standardOutput()
            switch format {
            case .csv, .json:
                try await StudyTables.dictionary(
                    study, format: format == .csv ? .csv : .json, to: output, deidentified: deidentify)
            case .redcap:
                let project = try await REDCapTables.project(study, deidentified: deidentify)
                try REDCapTables.dictionary(project, to: output)
                for line in REDCapTables.notExpressedLines(project) {
                    ErrorReporter.warn(line, commandName: commandName)
                }
            }
            try output.finish()
        }
    }
}
