import ArgumentParser

/// `regimen result …`: work with result files.
struct ResultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "result",
        abstract: "Work with result files.",
        subcommands: [ResultShowCommand.self]
    )
}
