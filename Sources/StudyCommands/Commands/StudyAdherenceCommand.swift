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
        abstract: "Write each participant's adherence per local day or study week as CSV or JSON.",
        discussion: """
            --deidentify codes participants and moves their days, as `study export --deidentify` writes adherence.csv.
            """
    )

    @OptionGroup var databaseOptions: StudyDatabaseOptions
    @OptionGroup var readOptions: StudyReadOptions

    @Option(help: "day (default) or week (study weeks: days 1–7 are week 1).")
    var by: Period = .day

    @Flag(help: "Code participants and move their days (docs/deidentified-exports.md).")
    var deidentify = false

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let filter = try readOptions.filter()
        let format = try readOptions.tableFormat()
        let now = environment.clock.now()
        let (byWeek, deidentify) = (by == .week, deidentify)
        try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            let deidentifier = try await deidentify ? Deidentifier.load(study) : nil
            let output = TableOutput.standardOutput()
            try await StudyTables.adherence(
                study, filter, byWeek: byWeek, now: now, format: format, to: output, deidentifier: deidentifier)
            try output.finish()
        }
    }
}
