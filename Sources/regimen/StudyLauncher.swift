import ArgumentParser
import Foundation
import RegimenCommands
import SystemPackage

/// `regimen study …`, `regimen enroll …` and `regimen sync …`: replace this process with `regimen-study`, installed
/// beside `regimen` (the same folder as the running program, links resolved), handing it the arguments unchanged; its
/// output and exit code are the command's. Listed among the commands so that `regimen --help` shows them
/// (docs/study-database.md, "Connecting"; docs/study-sync.md).
struct StudyLauncher: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "study",
        abstract: "Run a study of many participants in a PostgreSQL database (regimen study --help lists its commands)."
    )

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    /// The program that runs the study commands.
    static let programName = "regimen-study"
    /// The first words of the commands that program runs.
    static let commandNames: Set<String> = ["study", "enroll", "sync"]

    /// Whether `arguments` (without the program's name) name the study program's commands: their first word that is
    /// not an option is one of `commandNames`, or `help` followed by one.
    static func names(_ arguments: ArraySlice<String>) -> Bool {
        let words = Array(arguments.lazy.filter { !$0.hasPrefix("-") }.prefix(2))
        guard let first = words.first else { return false }
        return commandNames.contains(first) || (first == "help" && words.count == 2 && commandNames.contains(words[1]))
    }

    func run() throws {
        Self.run(["study"] + arguments)
    }

    /// Runs `regimen-study` with `arguments`; returns only by exiting with a clear message when it cannot be run.
    static func run(_ arguments: [String]) -> Never {
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let program = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(programName).path
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(program, argv)
        let failure = Errno(rawValue: errno)
        let command = arguments.first ?? "study"
        Foundation.exit(
            ErrorReporter.exitCode(app: Regimen.app) { () throws(RegimenError) in
                throw .studyProgramNotRun(program: FilePath(program), errno: failure, command: command)
            })
    }
}

/// `regimen enroll …` in `regimen --help`; run by `regimen-study`.
struct EnrollLauncher: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll", abstract: "Join a study on this device with the one-time code the study team gave you.")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws {
        StudyLauncher.run(["enroll"] + arguments)
    }
}

/// `regimen sync …` in `regimen --help`; run by `regimen-study`.
struct SyncLauncher: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send your answers to the study and get its updates (regimen sync status: what is waiting).")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws {
        StudyLauncher.run(["sync"] + arguments)
    }
}
