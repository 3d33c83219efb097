package import ArgumentParser
public import OutcomeMapping

/// What a Regimen executable is: its command name and the extractors it registers in code. A program declares its app
/// once (`RegimenProgram.app`); the commands get it as a value when they run.
public struct RegimenApp: Sendable {
    /// The name shown in usage and messages.
    public var commandName: String
    /// Extractors written in Swift; they win over survey files' declarative `outcomes:` for the same task.
    public var extractors: [any OutcomeExtractor]
    /// Command groups from other targets of this package, after the built-in commands (`regimen` adds `study`).
    package var commandGroups: [any ParsableCommand.Type]
    /// Whether error messages also show the underlying library text (`--debug` or `REGIMEN_DEBUG=1`,
    /// `DebugSwitch`); set for the run by `RegimenProgram` when it reads the arguments.
    package var showsDebugDetail = false

    /// Creates an app.
    public init(commandName: String = "regimen", extractors: [any OutcomeExtractor] = []) {
        self.init(commandName: commandName, extractors: extractors, commandGroups: [])
    }

    /// Creates an app with command groups from other targets of this package.
    package init(
        commandName: String = "regimen", extractors: [any OutcomeExtractor] = [],
        commandGroups: [any ParsableCommand.Type]
    ) {
        self.commandName = commandName
        self.extractors = extractors
        self.commandGroups = commandGroups
    }
}
