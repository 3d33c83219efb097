import ArgumentParser
import RegimenCommands

/// `--participant` and `--format` (table by default), shared by the commands that print a small table per participant:
/// `study status`, `study devices`, `study conflicts`.
struct ParticipantTableOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only this participant (label).", valueName: "label"))
    var participant: String?

    @Option(help: "table (default), csv or json.")
    var format: OutputFormat = .table
}
