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
        let (command, app) = parse(arguments)
        do {
            try run(command, in: app)
        } catch {
            exit(with: error, app: app)
        }
    }

    /// `main(_:)` for a program whose command groups hold async commands (`regimen-study`).
    package static func mainAsync(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) async {
        let (command, app) = parse(arguments)
        do {
            if let command = command as? any AsyncAppCommand {
                try await command.run(in: app)
            } else {
                try run(command, in: app)
            }
        } catch {
            exit(with: error, app: app)
        }
    }

    /// Runs a parsed command that is not async: ours with the app, ArgumentParser's own (`help`) as it runs them.
    private static func run(_ command: any ParsableCommand, in app: RegimenApp) throws {
        if let command = command as? any AppCommand {
            try command.run(in: app)
        } else {
            var command = command
            try command.run()
        }
    }

    /// The command `arguments` name, parsed, and the app to run it in: `app` showing the underlying error text when
    /// the arguments or the environment ask for it (`DebugSwitch`). Exits with a usage error, help or the version
    /// when they ask for no command to run. The care feed's plain forms run here and exit.
    private static func parse(_ arguments: [String]) -> (command: any ParsableCommand, app: RegimenApp) {
        let (arguments, debug) = DebugSwitch.read(arguments, environment: ProcessInfo.processInfo.environment)
        var app = app
        app.showsDebugDetail = debug
        if let request = CareFeedArguments.parse(arguments) {
            // The store stays open until the process exits: SQLite needs no close, and closing costs start-up time.
            var store: CareStore?
            let code = ErrorReporter.exitCode(app: app) { () throws(RegimenError) in
                store = try request.printFeed(in: app)
            }
            // Unclosed, but with no log of its own writes (the surveys synced) left for every later start to read
            // first.
            store?.emptyWriteAheadLog()
            withExtendedLifetime(store) { Foundation.exit(code) }
        }
        if let problem = CommandNameCheck.problem(in: arguments, root: RegimenCommand<Self>.self) {
            exit(with: problem, app: app)
        }
        do {
            return (try RegimenCommand<Self>.parseAsRoot(arguments), app)
        } catch {
            exit(with: error, app: app)
        }
    }

    /// Exits with `error`'s code, having printed it: a `RegimenError` in the app's name (`ErrorReporter`), anything
    /// else as ArgumentParser words it.
    private static func exit(with error: any Error, app: RegimenApp) -> Never {
        if let error = error as? RegimenError {
            Foundation.exit(ErrorReporter.exitCode(reporting: error, app: app))
        }
        RegimenCommand<Self>.exit(withError: error)
    }
}
