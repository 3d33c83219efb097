package import ArgumentParser

/// The `regimen` command tree; studies can embed it in their own executables.
package struct RegimenCommand: ParsableCommand {
    /// Command configuration.
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: AppConfiguration.app.commandName,
            abstract: "Run ResearchKit-style surveys in the terminal and keep their outcomes in a care store.",
            discussion: "Add --debug to any command (or set REGIMEN_DEBUG=1) to see the underlying error text.",
            version: RegimenVersion.current,
            subcommands: [
                TodayCommand.self, RunCommand.self, ReplayCommand.self, ValidateCommand.self, ResultCommand.self,
                ExtractCommand.self,
                EventsCommand.self, CalendarCommand.self, OutcomesCommand.self, InsightsCommand.self,
                MotionCommand.self, IngestCommand.self, ChangesCommand.self,
                SurveyCommand.self, HealthCommand.self,
            ] + AppConfiguration.app.commandGroups,
            defaultSubcommand: TodayCommand.self
        )
    }

    /// Creates the command.
    package init() {}
}

/// The same command tree with an async root, for a program whose command groups hold `AsyncParsableCommand`s
/// (`regimen-study`): ArgumentParser awaits those only under an async root.
package struct AsyncRegimenCommand: AsyncParsableCommand {
    /// `RegimenCommand`'s configuration.
    package static var configuration: CommandConfiguration { RegimenCommand.configuration }

    /// Creates the command.
    package init() {}
}
