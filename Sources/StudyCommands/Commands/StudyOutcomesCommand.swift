import ArgumentParser
import RegimenCommands
import ResearchTasks
import StudyDatabase

/// `regimen study outcomes [--long | --wide]`: every participant's outcomes as one table (docs/study-database.md,
/// "What researchers read").
struct StudyOutcomesCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "outcomes",
        abstract:
            "Write every participant's outcomes as CSV or JSON: one row per value (--long) or per event (--wide).",
        discussion: """
            --long (default) has one row per value of every stored outcome version, with its status (current, \
            replaced, superseded, deleted). --wide has one row per participant and event from enrollment up to now \
            (missed events included, with empty cells) and a fixed column per declared variable. --deidentify \
            codes participants, moves their dates and leaves out free text and zones, as `study export --deidentify`.
            """
    )

    @OptionGroup var databaseOptions: StudyDatabaseOptions
    @OptionGroup var readOptions: StudyReadOptions

    @Flag(help: "One row per value (the default).")
    var long = false

    @Flag(help: "One row per participant and event, a column per variable.")
    var wide = false

    @Flag(help: "Code participants, move dates, leave out free text and zones (docs/deidentified-exports.md).")
    var deidentify = false

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        guard !(long && wide) else { throw RegimenError.usage("choose one of --long and --wide") }
        let filter = try readOptions.filter()
        let format = try readOptions.tableFormat()
        let now = environment.clock.now()
        let (wide, deidentify) = (wide, deidentify)
        try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            let deidentifier = try await deidentify ? Deidentifier.load(study) : nil
            let output = TableOutput.standardOutput()
            if wide {
                try await StudyTables.wide(
                    study, filter, now: now, format: format, to: output, deidentifier: deidentifier)
            } else {
                try await StudyTables.long(study, filter, format: format, to: output, deidentifier: deidentifier)
            }
            try output.finish()
        }
    }
}
