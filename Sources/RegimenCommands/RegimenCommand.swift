package import ArgumentParser

/// The Regimen command tree of `Program`: its name and command groups are the program's app's (`RegimenProgram.app`).
/// ArgumentParser reads a command's configuration from its type, so the program's type carries it.
package struct RegimenCommand<Program: RegimenProgram>: ParsableCommand {
    /// Command configuration.
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Program.app.commandName,
            abstract: "Run ResearchKit-style surveys in the terminal and keep their outcomes in a care store.",
            discussion: "Add --debug to any command (or set REGIMEN_DEBUG=1) to see the underlying error text.",
            version: RegimenVersion.current,
            subcommands: [
                TodayCommand.self, RunCommand.self, LogCommand.self, ReadCommand.self, ReplayCommand.self,
                ValidateCommand.self, ResultCommand.self,
                ExtractCommand.self,
                EventsCommand.self, CalendarCommand.self, OutcomesCommand.self, InsightsCommand.self,
                MotionCommand.self, IngestCommand.self, ChangesCommand.self,
                SurveyCommand.self, HealthCommand.self, ConsentCommand.self,
                // Care plans, the care team and the patient record (docs/care-plans.md).
                ContactsCommand.self, PatientCommand.self, PlansCommand.self,
            ] + Program.app.commandGroups,
            defaultSubcommand: TodayCommand.self
        )
    }

    /// Creates the command.
    package init() {}
}
