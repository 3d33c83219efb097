import ArgumentParser

/// `regimen survey …`: move surveys in and out of other formats (docs/fhir-export.md).
struct SurveyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "survey",
        abstract: "Convert surveys to and from FHIR R4 Questionnaires.",
        subcommands: [SurveyExportCommand.self]
    )
}
