import ArgumentParser
import RegimenCommands
import StudyDatabase

/// `regimen study dictionary`: the study's data dictionary, REDCap-shaped (docs/study-database.md, "What researchers
/// read").
struct StudyDictionaryCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "dictionary",
        abstract:
            "Write the data dictionary: every variable, its task, type, label, choices, units, limits and revisions."
    )

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    @Option(help: "csv (default) or json.")
    var format: OutputFormat = .csv

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let format = try StudyReadOptions.tableFormat(format)
        try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            let output = TableOutput.standardOutput()
            try await StudyTables.dictionary(study, format: format, to: output)
            try output.finish()
        }
    }
}
