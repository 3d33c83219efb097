import ArgumentParser
import RegimenCommands
import ResearchTasks
import StudyDatabase

/// `regimen study status`: where each participant stands — study day, last data, missed events and adherence of the
/// last 7 days (docs/study-database.md, "What researchers read").
struct StudyStatusCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show each participant's study day, last data, missed events and adherence of the last 7 days."
    )

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    @OptionGroup var tableOptions: ParticipantTableOptions

    private var participant: String? { tableOptions.participant }
    private var format: OutputFormat { tableOptions.format }

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let now = environment.clock.now()
        let filter = ReadFilter(participant: participant)
        guard format != .table else {
            let rows = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
                try await StudyTables.statusRows(study, filter, now: now)
            }
            print(
                rows.isEmpty
                    ? "no participants"
                    : TextTable(
                        header: StatusRow.columns, rows: rows.map { StudyTableCells.status($0).map(\.text) }
                    ).render())
            return
        }
        let tableFormat = try StudyReadOptions.tableFormat(format)
        try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            let output = TableOutput.standardOutput()
            try await StudyTables.status(study, filter, now: now, format: tableFormat, to: output)
            try output.finish()
        }
    }
}
