import ArgumentParser
import CareStore
import RegimenFoundation
import ResearchTasks
import SystemPackage
import TerminalRunner
import Testing

@testable import RegimenCommands

/// Messages are worded in one place and carry the running app's command name, so a study's own executable
/// ("painstudy") never tells its participants to type `regimen` (docs/command-line-conventions.md, "Exit codes").
@Suite("Error reporter: the app's name in every line and suggested command; one code for a missing file")
struct ErrorReporterTests {
    @Test("a study app's errors start with its own name, not regimen")
    func studyNamePrefixesErrors() {
        let text = ErrorReporter.report(
            .missingFile(path: "/data/p01/checkin.json"), app: RegimenApp(commandName: "painstudy"))
        #expect(text == "painstudy: /data/p01/checkin.json: no such file or directory\n")
        let usage = ErrorReporter.report(
            .usage("--date: 'someday' is not a day"), app: RegimenApp(commandName: "painstudy"))
        #expect(usage == "painstudy: --date: 'someday' is not a day\n")
    }

    @Test("when a run's answers are kept, the continuation line and the suggested ingest command use the app's name")
    func keptAnswersSuggestTheAppsIngest() {
        let error = RegimenError.answersKept(
            .store(.diskFull(path: "/data/store.sqlite")), file: "/home/p/recovered/checkin 1.json",
            ingestOptions: ["--store", "/data/store.sqlite"])
        let text = ErrorReporter.report(error, app: RegimenApp(commandName: "painstudy"))
        #expect(
            text == """
                painstudy: care store: /data/store.sqlite: the disk holding the care store is full; nothing was changed. \
                Free some space and run the command again
                painstudy: your answers are kept in /home/p/recovered/checkin 1.json; to store them, run: \
                painstudy ingest '/home/p/recovered/checkin 1.json' --store /data/store.sqlite

                """)
        #expect(!text.contains("regimen"))
    }

    @Test("an unknown command points at the app's own help")
    func unknownCommandNamesTheAppsHelp() {
        let text = ErrorReporter.report(
            .unknownCommand(["tody"], listedBy: [], suggestion: ["today"]), app: RegimenApp(commandName: "painstudy"))
        #expect(
            text == "painstudy: unknown command 'tody' (did you mean 'today'?); 'painstudy help' lists the commands\n")
    }

    @Test("a warning carries the app's name too")
    func warningNamesTheApp() {
        #expect(
            ErrorReporter.warning("the survey changed", commandName: "painstudy")
                == "painstudy: warning: the survey changed\n")
    }

    @Test("a program's command tree is named after its app: usage, help and the command-name check say painstudy")
    func programsTreeCarriesItsAppsName() throws {
        #expect(RegimenCommand<PainStudyProgram>.configuration.commandName == "painstudy")
        #expect(RegimenCommand<PainStudyProgram>.helpMessage(columns: 120).contains("USAGE: painstudy <subcommand>"))
        let problem = try #require(
            CommandNameCheck.problem(in: ["result", "xyzzy"], root: RegimenCommand<PainStudyProgram>.self))
        #expect(
            ErrorReporter.message(for: problem, app: PainStudyProgram.app)
                == "unknown command 'result xyzzy'; 'painstudy help result' lists the commands")
        #expect(RegimenCommand<PlainRegimen>.configuration.commandName == "regimen")
    }

    @Test("a missing input file is exit 66 (EX_NOINPUT), apart from bad data (65) and other failures (1)")
    func missingFileHasItsOwnCode() {
        #expect(ErrorReporter.exitCode(for: .missingFile(path: "x")) == 66)
        #expect(ErrorReporter.exitCode(for: .badData("x: not valid JSON")) == 65)
        #expect(ErrorReporter.exitCode(for: .file(.cannotRead(path: "x", errno: .permissionDenied))) == 1)
    }

    @Test("a failed file operation reads PATH: problem, with the system's reason in words")
    func fileErrorMessages() {
        #expect(
            ErrorReporter.message(
                for: .file(.cannotRead(path: "/data/a.json", errno: .permissionDenied)), app: RegimenApp())
                == "/data/a.json: cannot be read (Permission denied)")
        #expect(
            ErrorReporter.message(
                for: .file(.cannotCreate(path: "/data/bundle.json", errno: .fileExists)), app: RegimenApp())
                == "/data/bundle.json: exists already; nothing was written")
        #expect(
            ErrorReporter.message(
                for: .file(.noFreeName(folder: "/data", name: "checkin.json")), app: RegimenApp())
                == "/data: no free file name for checkin.json")
        #expect(
            ErrorReporter.message(
                for: .resultFile(.file(.tooLarge(path: "/data/huge.json", limit: 64 << 20))), app: RegimenApp())
                == "/data/huge.json: larger than 64 MiB, the most a result file may hold")
        #expect(ErrorReporter.exitCode(for: .resultFile(.file(.tooLarge(path: "/data/huge.json", limit: 1)))) == 65)
    }

    @Test("a missing path is found by the one check; an existing one passes")
    func inputFileCheck() throws {
        #expect(throws: Never.self) { try InputFile.require(FilePath("/")) }
        do {
            try InputFile.require(FilePath("/nonexistent-\(UInt64.random(in: 0...UInt64.max))/gone.json"))
            Issue.record("a missing path passed the check")
        } catch {
            guard case .missingFile(let path) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(path.lastComponent?.string == "gone.json")
        }
    }

    @Test("a run that ends without a result is worded by RunError (one wording), with the task's title added")
    func runEndingsUseRunErrorsWording() {
        let quit = RegimenError.run(.quit, task: "checkin", title: "Daily check-in")
        #expect(
            ErrorReporter.message(for: quit, app: RegimenApp(commandName: "painstudy"))
                == "Daily check-in: \(RunError.quit.description)"
        )
        #expect(ErrorReporter.exitCode(for: quit) == 130)
        let ended = RunError.inputEnded(stepIdentifier: "checkin.form", itemIdentifier: "checkin.form.pain")
        let endedError = RegimenError.run(ended, task: "checkin", title: "Daily check-in")
        #expect(
            ErrorReporter.message(for: endedError, app: RegimenApp(commandName: "painstudy"))
                == "Daily check-in (task 'checkin'): \(ended.description); nothing was saved")
        #expect(ErrorReporter.exitCode(for: endedError) == 65)
    }

    @Test("the library's text behind an error is added only when the run's app shows it (--debug, REGIMEN_DEBUG=1)")
    func debugDetailFollowsTheApp() {
        let error = RegimenError.store(.cannotOpen(path: "/data/store.sqlite", reason: "disk I/O error"))
        var app = RegimenApp(commandName: "painstudy")
        let plain = ErrorReporter.message(for: error, app: app)
        #expect(!plain.contains("debug:"))
        app.showsDebugDetail = true
        #expect(ErrorReporter.message(for: error, app: app) == plain + "\n  debug: disk I/O error")
    }

    @Test("--debug is taken out of the arguments before a --; it, or REGIMEN_DEBUG=1, turns debug output on")
    func debugSwitchReadsArgumentsAndEnvironment() {
        let given = DebugSwitch.read(["outcomes", "--debug", "--", "--debug"], environment: [:])
        #expect(given.arguments == ["outcomes", "--", "--debug"] && given.isOn)
        let plain = DebugSwitch.read(["outcomes", "--", "--debug"], environment: ["REGIMEN_DEBUG": "0"])
        #expect(plain.arguments == ["outcomes", "--", "--debug"] && !plain.isOn)
        #expect(DebugSwitch.read(["outcomes"], environment: ["REGIMEN_DEBUG": "1"]).isOn)
    }
}
