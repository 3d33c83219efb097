import CareStore
import Catalog
import FHIRInterchange
import Foundation
import HealthExport
import RegimenFoundation
import ResearchTasks
import SystemPackage
import TerminalRunner

/// The one place that turns errors into messages on standard error and process exit codes.
package enum ErrorReporter {
    /// Exit codes (docs/command-line-conventions.md, "Exit codes"): 0 ok, 64 bad command line, 65 bad data, 66 no such
    /// input file, 69 study database unavailable, 75 try again (someone published since, a run answered elsewhere), 77
    /// not permitted, 130 interrupted, 1 other.
    package enum Code {
        /// Success.
        package static let success: Int32 = 0
        /// Other failure.
        package static let failure: Int32 = 1
        /// Bad command line.
        package static let usage: Int32 = 64
        /// Bad data: survey, result, transcript or motion file, or input that ended early.
        package static let badData: Int32 = 65
        /// A file or folder named on the command line does not exist (`EX_NOINPUT`).
        package static let noInput: Int32 = 66
        /// The study service does not know this device's token (`EX_NOUSER`).
        package static let unknownDevice: Int32 = 67
        /// A service is unavailable: the study database's server does not answer (`EX_UNAVAILABLE`).
        package static let unavailable: Int32 = 69
        /// Try again (`EX_TEMPFAIL`): the study changed since the command's expectation (someone published since), or
        /// the run is being answered in another terminal.
        package static let tryAgain: Int32 = 75
        /// The study service speaks an API version this program does not, or answered what it cannot read
        /// (`EX_PROTOCOL`): update Regimen.
        package static let protocolMismatch: Int32 = 76
        /// Not allowed: the study database refused the login or the role, or the study team revoked this device
        /// (`EX_NOPERM`).
        package static let notPermitted: Int32 = 77
        /// Abandoned: Ctrl-C, Ctrl-D or quit.
        package static let interrupted: Int32 = 130
    }

    /// The exit code for an error.
    package static func exitCode(for error: RegimenError) -> Int32 {
        switch error {
        case .usage, .unknownTask, .healthLinkedTask, .unknownCommand, .alarmOffset: Code.usage
        case .extraction, .badData, .catalog, .schedule, .fhirImport: Code.badData
        case .healthExport(.unreadable(let error)): error.errno == .noSuchFileOrDirectory ? Code.noInput : Code.failure
        case .healthExport: Code.badData
        case .store(.unknownChangeAnchor): Code.usage
        case .store(.notAStore): Code.badData
        case .store: Code.failure
        case .reported(let error): error.exitCode
        case .resultFile(.malformed), .resultFile(.file(.tooLarge)): Code.badData
        case .resultFile, .file, .unusableOutput, .storeFileGone, .folderTaken, .studyProgramNotRun: Code.failure
        case .standardOutputNotWritten, .transcriptNotWritten: Code.failure
        case .abandoned: Code.interrupted
        case .failure, .answersNotKept: Code.failure
        case .answersOnlyInMemory: Code.failure
        case .missingFile: Code.noInput
        case .runInProgress: Code.tryAgain
        case .consentNeeded: Code.notPermitted
        case .answersKept(let underlying, _, _), .unfinishedRunMoved(let underlying, _),
            .unfinishedRunNotKept(let underlying, _):
            exitCode(for: underlying)
        }
    }

    /// The problem of a path that names nothing, as `ls` and `cat` word it (also in `ingest`'s list of rejections).
    package static let noSuchFile = "no such file or directory"

    /// The message for an error: names the file, place and problem, never an answer; the app's command name is the
    /// one in suggested commands and continuation lines, and the underlying library text is added when the app shows
    /// it (`RegimenApp.showsDebugDetail`).
    package static func message(for error: RegimenError, app: RegimenApp) -> String {
        let commandName = app.commandName
        switch error {
        case .usage(let text):
            return text
        case .unknownCommand(let words, let group, let suggestion):
            let nearest = suggestion.map { " (did you mean '\($0.joined(separator: " "))'?)" } ?? ""
            let help = ([commandName, "help"] + group).joined(separator: " ")
            return "unknown command '\(words.joined(separator: " "))'\(nearest); '\(help)' lists the commands"
        case .unknownTask(let task, let known):
            let list = known.isEmpty ? "no tasks are defined" : "known tasks: \(known.joined(separator: ", "))"
            return "no survey defines task '\(task)' (\(list))"
        case .healthLinkedTask(let task, let action):
            return "task '\(task)' has no steps to \(action): it takes its outcomes from Health data; "
                + "import an export with '\(commandName) health import'"
        case .extraction(let task, let file, let problem):
            let source = file.map { "\($0): " } ?? ""
            return "\(source)cannot extract outcomes of task '\(task)': \(problem)"
        case .catalog(let error):
            return error.description
        case .store(let error):
            let detail = app.showsDebugDetail ? self.detail(for: error).map { "\n  debug: \($0)" } ?? "" : ""
            return "care store: \(text(for: error))\(detail)"
        case .reported(let error):
            let detail = app.showsDebugDetail ? error.debugDetail.map { "\n  debug: \($0)" } ?? "" : ""
            return "\(error.text)\(detail)"
        case .alarmOffset(let error):
            return error.reason
        case .fhirImport(let file, let error):
            return error.lines(file: file).joined(separator: "\n")
        case .healthExport(let error):
            return error.description
        case .schedule(let task, let error):
            return "the schedule of task '\(task)' cannot be built: \(text(for: error))"
        case .file(let error):
            return error.description
        case .resultFile(let error):
            return error.description
        case .unusableOutput(let path, let role, let problem):
            return "\(path.string): \(text(for: problem, role: role))"
        case .storeFileGone(let path):
            return "\(path): the care store file is gone (removed during the run); nothing was stored"
        case .folderTaken(let path, let isFolder):
            return isFolder
                ? "\(path.string): is not empty; name a new folder (nothing was written)"
                : "\(path.string): exists and is not a folder; name a new folder"
        case .studyProgramNotRun(let program, let errno, let command):
            return "\(program.string): cannot be run (\(String(describing: errno).lowercased())): `regimen \(command)` "
                + "needs \(program.lastComponent?.string ?? "") installed beside regimen; install both with scripts/install"
        case .standardOutputNotWritten(let errno):
            return "standard output: cannot be written (\(errno))"
        case .transcriptNotWritten(let error, let kept, let recoveryFolder):
            let fallback =
                kept.map { "the transcript was kept in \($0.string)" }
                ?? "nor could the transcript be kept in \(recoveryFolder.string)"
            return "\(error); \(fallback)"
        case .missingFile(let path):
            return "\(path.string): \(noSuchFile)"
        case .abandoned(let reason):
            return reason
        case .runInProgress(let title, let file, let process):
            let holder = process.map { "process \($0)" } ?? "a running regimen"
            return "\(title) is being answered in another terminal right now (\(file) is held by \(holder)); "
                + "finish or quit it there first"
        case .badData(let text), .failure(let text), .consentNeeded(let text):
            return text
        case .answersKept(let underlying, let file, let options):
            let command = ShellCommand.line([commandName, "ingest", file] + options)
            return
                "\(message(for: underlying, app: app))\n\(commandName): your answers are kept in \(file); "
                + "to store them, run: \(command)"
        case .answersNotKept(let underlying, let recovery):
            return
                "\(message(for: underlying, app: app))\n\(commandName): the answers could not be saved "
                + "for recovery either: \(recovery)"
        case .unfinishedRunMoved(let underlying, let kept):
            return "\(message(for: underlying, app: app)); the answers so far were kept in "
                + "\(kept.string) instead (move it back to resume)"
        case .unfinishedRunNotKept(let underlying, let recoveryFolder):
            return "\(message(for: underlying, app: app)); nor could the answers so far be kept in "
                + "\(recoveryFolder.string)"
        case .answersOnlyInMemory(let resultFolder, let recoveryFolder, let replay):
            // The one message that shows answers: nothing else holds them any more, and they go only to the
            // participant's own terminal.
            return
                "the disk is full: the answers could not be written in \(resultFolder), nor kept in \(recoveryFolder); "
                + "nothing was stored.\n\(commandName): as a last resort, these are the lines you gave; once space is "
                + "freed, give them again with:\n\(replay)"
        }
    }

    /// What stops `role` being written, after the path: "the care store cannot be written: it is a folder".
    private static func text(for problem: OutputProblem, role: String) -> String {
        switch problem {
        case .isAFolder: "\(role) cannot be written: it is a folder"
        case .notAFolder(let folder): "\(role) cannot be written: \(folder.string) is not a folder"
        case .folderMissing(let folder): "\(role) cannot be written: the folder \(folder.string) does not exist"
        case .nothingExists: "\(role) cannot be created: no part of the path exists"
        case .folderRefusesFiles(let folder, let error):
            "\(role) cannot be written: the folder \(folder.string) does not take new files (\(error.reason))"
        }
    }

    /// Runs a command body outside ArgumentParser; returns the exit code, having printed the error if there was one.
    package static func exitCode(app: RegimenApp, running body: () throws(RegimenError) -> Void) -> Int32 {
        do {
            try body()
            return Code.success
        } catch {
            return exitCode(reporting: error, app: app)
        }
    }

    /// Prints "NAME: …" for `error` on stderr, NAME being the app's command name; returns its exit code.
    package static func exitCode(reporting error: RegimenError, app: RegimenApp) -> Int32 {
        // write(2), whose errors are ignored: FileHandle's write traps when the terminal has gone (a closed window).
        FileDescriptorOutput.standardError.write(report(error, app: app))
        return exitCode(for: error)
    }

    /// What standard error shows for `error`: "NAME: message" and a newline, NAME being the app's command name.
    static func report(_ error: RegimenError, app: RegimenApp) -> String {
        "\(app.commandName): \(message(for: error, app: app))\n"
    }

    /// Prints "NAME: warning: …" on stderr, NAME being `commandName`; the command goes on.
    package static func warn(_ text: String, commandName: String) {
        FileDescriptorOutput.standardError.write(warning(text, commandName: commandName))
    }

    /// What standard error shows for a warning: "NAME: warning: text" and a newline.
    static func warning(_ text: String, commandName: String) -> String {
        "\(commandName): warning: \(text)\n"
    }
}
