import ArgumentParser
import RegimenCommands
import ResearchTasks
import StudyDatabase

/// `regimen study adherence [--by day | week]`: CareKit's adherence per participant, computed as the care feed computes
/// its ring (docs/study-database.md, "What researchers read").
struct StudyAdherenceCommand: AsyncAppCommand {
    /// The period of a row.
    enum Period: String, ExpressibleByArgument, CaseIterable {
        case day
        case week
    }

    static let configuration = CommandConfiguration(
        commandName: "adherence",
        abstract: "Write each participant's adherence per local day or study week as CSV or JSON."
    )

    @OptionGroup var databaseOptions: StudyDatabaseOptions
    @OptionGroup var readOptions: StudyReadOptions

    @Option(help: "day (default) or week (study weeks: days 1–7 are week 1).")
    var by: Period = .day

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let filter = try readOptions.filter()
        let format = try readOptions.tableFormat()
        let now = environment.clock.now()
        let byWeek = by == .week
        try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            let output = TableOutput.standardOutput()
            try await StudyTables.adherence(study, filter, byWeek: byWeek, now: now, format: format, to: output)
            try output.finish()
        }
    }
}
