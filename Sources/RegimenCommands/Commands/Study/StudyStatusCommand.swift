import ArgumentParser
import StudyDatabase

/// `regimen study status`: where each participant stands — study day, last data, missed events and adherence of the
/// last 7 days (docs/study-database.md, "What researchers read").
struct StudyStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show each participant's study day, last data, missed events and adherence of the last 7 days."
    )

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    @Option(help: ArgumentHelp("Only this participant (label).", valueName: "label"))
    var participant: String?

    @Option(help: "csv (default) or json.")
    var format: OutputFormat = .csv

    func run() throws {
        try ErrorReporter.guarded {
            let environment = try RegimenEnvironment.live()
            let format = try StudyReadOptions.tableFormat(format)
            let now = environment.clock.now()
            let filter = ReadFilter(participant: participant)
            try databaseOptions.withStudy(environment) { study async throws(RegimenError) in
                let output = TableOutput.standardOutput()
                try await StudyTables.status(study, filter, now: now, format: format, to: output)
                try output.finish()
            }
        }
    }
}
