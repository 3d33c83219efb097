package import ArgumentParser

/// A command of the Regimen command tree: it runs with the app it is part of, passed as a value (its command name for
/// messages, its extractors). A `RegimenError` it throws is reported by the program (`RegimenProgram`), in the app's
/// name; other errors (`ExitCode`, `ValidationError`) by ArgumentParser.
package protocol AppCommand: ParsableCommand {
    /// Runs the command.
    func run(in app: RegimenApp) throws
}

/// An `AppCommand` whose work is async (the study database's and the study service's commands); only
/// `RegimenProgram.mainAsync` runs it.
package protocol AsyncAppCommand: ParsableCommand {
    /// Runs the command.
    func run(in app: RegimenApp) async throws
}
