import ArgumentParser

/// `regimen survey …`: convert surveys to and from other formats.
struct SurveyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "survey",
        abstract: "Convert surveys to and from other formats.",
        subcommands: [SurveyImportCommand.self, SurveyExportCommand.self]
    )
}
