import ArgumentParser

/// `regimen health …`: Apple Health exports as a source of outcomes (docs/health-export.md).
struct HealthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Import Apple Health exports and see the days and nights they hold.",
        subcommands: [HealthImportCommand.self, HealthSummaryCommand.self]
    )
}
