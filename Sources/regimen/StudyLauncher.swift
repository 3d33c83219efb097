import ArgumentParser
import Foundation
import RegimenCommands

/// `regimen study …`: replaces this process with `regimen-study`, installed beside `regimen` (the same folder as the
/// running program, links resolved), handing it the arguments unchanged; its output and exit code are the command's.
/// Listed among the commands so that `regimen --help` shows it (docs/study-database.md, "Connecting").
struct StudyLauncher: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "study",
        abstract: "Run a study of many participants in a PostgreSQL database (regimen study --help lists its commands).")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    /// The program that runs the study commands.
    static let programName = "regimen-study"

    /// Whether `arguments` (without the program's name) name the study commands: their first word that is not an
    /// option is `study`, or `help` followed by `study`.
    static func names(_ arguments: ArraySlice<String>) -> Bool {
        let words = arguments.lazy.filter { !$0.hasPrefix("-") }.prefix(2)
        return words.first == "study" || Array(words) == ["help", "study"]
    }

    func run() throws {
        Self.run(["study"] + arguments)
    }

    /// Runs `regimen-study` with `arguments`; returns only by exiting with a clear message when it cannot be run.
    static func run(_ arguments: [String]) -> Never {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let program = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(programName).path
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(program, argv)
        let reason = String(cString: strerror(errno))
        Foundation.exit(ErrorReporter.exitCode { () throws(RegimenError) in
            throw .io(
                path: program,
                problem: "cannot be run (\(reason.lowercased())): `regimen study` needs \(programName) installed beside "
                    + "regimen; install both with scripts/install")
        })
    }
}
