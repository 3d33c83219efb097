import ArgumentParser

/// The `regimen` command tree; studies can embed it in their own executables.
public struct RegimenCommand: ParsableCommand {
    /// Command configuration.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: AppConfiguration.app.commandName,
        abstract: "Run ResearchKit-style surveys in the terminal and keep their outcomes in a care store.",
        subcommands: [ValidateCommand.self, ResultCommand.self, ExtractCommand.self, MotionCommand.self]
        )
    }

    /// Creates the command.
    public init() {}

    /// Runs the default action.
    public func run() throws {}
}
