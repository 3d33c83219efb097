import ArgumentParser

/// `regimen consent …`: the participant's signed consent (docs/consent.md).
struct ConsentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "consent",
        abstract: "Show your signed consent, or withdraw it.",
        subcommands: [ConsentShowCommand.self, ConsentWithdrawCommand.self]
    )
}
