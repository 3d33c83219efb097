package import ArgumentParser
import CareStore
import Foundation
public import OutcomeMapping
import Synchronization

/// A Regimen executable: its command name and the extractors it registers in code. `regimen` itself is
/// `RegimenApp().main()`; a study builds its own executable the same way with its own extractors.
public struct RegimenApp: Sendable {
    /// The name shown in usage and messages.
    public var commandName: String
    /// Extractors written in Swift; they win over survey files' declarative `outcomes:` for the same task.
    public var extractors: [any OutcomeExtractor]
    /// Command groups from other targets of this package, after the built-in commands (`regimen` adds `study`).
    package var commandGroups: [any ParsableCommand.Type] = []

    /// Creates an app.
    public init(commandName: String = "regimen", extractors: [any OutcomeExtractor] = []) {
        self.commandName = commandName
        self.extractors = extractors
    }

    /// Parses the process's arguments and runs the command, exiting with its code.
    public func main() {
        main(Array(CommandLine.arguments.dropFirst()))
    }

    /// Parses and runs the given arguments (for tests and embedding), exiting with the command's code. The care feed's,
    /// `motion`'s and `ingest`'s plain forms go straight to them; command words that name no command are a usage error;
    /// everything else goes through ArgumentParser (which also answers `--version`). Synchronous: the daily commands
    /// start no concurrency runtime (docs/concurrency.md, "Network and database work: Swift concurrency").
    public func main(_ arguments: [String]) {
        RegimenCommand.main(prepare(arguments))
    }

    /// `main(_:)` for a program whose command groups hold async commands (`regimen-study`): the same quick paths, then
    /// the async command tree.
    package func mainAsync(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) async {
        await AsyncRegimenCommand.main(prepare(arguments))
    }

    /// Installs this configuration and runs the quick paths, which exit; returns the arguments for ArgumentParser.
    private func prepare(_ arguments: [String]) -> [String] {
        AppConfiguration.install(self)
        let arguments = DebugSwitch.consume(arguments)
        if let request = CareFeedArguments.parse(arguments) {
            // The store stays open until the process exits: SQLite needs no close, and closing costs start-up time.
            var store: CareStore?
            let code = ErrorReporter.exitCode { () throws(RegimenError) in store = try request.printFeed() }
            // Unclosed, but with no log of its own writes (the surveys synced) left for every later start to read
            // first.
            store?.emptyWriteAheadLog()
            withExtendedLifetime(store) { exit(code) }
        }
        if let motion = MotionArguments.parse(arguments) {
            exit(ErrorReporter.exitCode { () throws(RegimenError) in try motion.run() })
        }
        if let ingest = IngestArguments.parse(arguments) {
            exit(ErrorReporter.exitCode { () throws(RegimenError) in try ingest.run() })
        }
        if let problem = CommandNameCheck.problem(in: arguments) {
            exit(ErrorReporter.exitCode { () throws(RegimenError) in throw problem })
        }
        return arguments
    }
}

/// The running app's configuration, readable from any command.
enum AppConfiguration {
    private static let current = Mutex(RegimenApp())

    /// Makes `app` the running configuration.
    static func install(_ app: RegimenApp) {
        current.withLock { $0 = app }
    }

    /// The running configuration.
    static var app: RegimenApp {
        current.withLock { $0 }
    }
}
