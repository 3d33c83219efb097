import ArgumentParser
import CareStore
import Foundation

/// A Regimen executable. `regimen` is one; a study builds its own the same way, with its own name and extractors:
///
///     enum PainStudy: RegimenProgram {
///         static let app = RegimenApp(commandName: "painstudy", extractors: [TotalScoreExtractor()])
///     }
///     PainStudy.main()
///
/// The app is declared once, as a constant of the program's type: ArgumentParser reads the command tree's name and
/// commands from types, and the commands get the app as a value when they run.
public protocol RegimenProgram {
    /// The program's app, the same for the whole run.
    static var app: RegimenApp { get }
}

extension RegimenProgram {
    /// Parses the process's arguments and runs the command, exiting with its code.
    public static func main() {
        main(Array(CommandLine.arguments.dropFirst()))
    }

    /// Parses and runs the given arguments (without the program's name), exiting with the command's code when it
    /// fails. The care feed's plain forms go straight to it (`CareFeedArguments`); command words that name no command
    /// are a usage error; everything else goes through ArgumentParser (which also answers `--help` and `--version`). Synchronous: the daily commands start no concurrency runtime
    /// (docs/concurrency.md, "Network and database work: Swift concurrency").
    public static func main(_ arguments: [String]) {
        let command = parse(arguments)
        do {
            try run(command)
        } catch {
            exit(with: error)
        }
    }

    /// `main(_:)` for a program whose command groups hold async commands (`regimen-study`).
    package static func mainAsync(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) async {
        let command = parse(arguments)
        do {
            if let command = command as? any AsyncAppCommand {
                try await command.run(in: app)
            } else {
                try run(command)
            }
        } catch {
            exit(with: error)
        }
    }

    /// Runs a parsed command that is not async: ours with the app, ArgumentParser's own (`help`) as it runs them.
    private static func run(_ command: any ParsableCommand) throws {
        if let command = command as? any AppCommand {
            try command.run(in: app)
        } else {
            var command = command
            try command.run()
        }
    }

    /// The command `arguments` name, parsed; exits with a usage error, help or the version when they ask for no
    /// command to run. The care feed's plain forms run here and exit.
    private static func parse(_ arguments: [String]) -> any ParsableCommand {
        let arguments = DebugSwitch.consume(arguments)
        if let request = CareFeedArguments.parse(arguments) {
            // The store stays open until the process exits: SQLite needs no close, and closing costs start-up time.
            var store: CareStore?
            let code = ErrorReporter.exitCode(commandName: app.commandName) { () throws(RegimenError) in
                store = try request.printFeed(in: app)
            }
            // Unclosed, but with no log of its own writes (the surveys synced) left for every later start to read
            // first.
            store?.emptyWriteAheadLog()
            withExtendedLifetime(store) { Foundation.exit(code) }
        }
        if let problem = CommandNameCheck.problem(in: arguments, root: RegimenCommand<Self>.self) {
            exit(with: problem)
        }
        do {
            return try RegimenCommand<Self>.parseAsRoot(arguments)
        } catch {
            exit(with: error)
        }
    }

    /// Exits with `error`'s code, having printed it: a `RegimenError` in the app's name (`ErrorReporter`), anything
    /// else as ArgumentParser words it.
    private static func exit(with error: any Error) -> Never {
        if let error = error as? RegimenError {
            Foundation.exit(ErrorReporter.exitCode(reporting: error, commandName: app.commandName))
        }
        RegimenCommand<Self>.exit(withError: error)
    }
}
