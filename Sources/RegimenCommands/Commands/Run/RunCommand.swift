import ArgumentParser
import CareStore
import Foundation
import ResearchTasks
import TerminalRunner

/// `regimen run TASK`: answer a task at the terminal (readline), or from lines on a pipe.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a task interactively, or from one answer per line on standard input.",
        discussion: "At any question: back, skip (optional questions), help, quit. Ctrl-C or Ctrl-D abandons the run."
    )

    @Argument(help: ArgumentHelp("The task identifier, e.g. checkin.", valueName: "task"))
    var task: String

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var runOptions: RunOptions

    @Option(name: .long, help: ArgumentHelp("Record every line typed to this transcript (JSON Lines).", valueName: "file"))
    var record: String?

    @Flag(name: .long, help: "Print no prompts (piped input only).")
    var quiet = false

    func run() throws {
        try ErrorReporter.guarded {
            let workspace = try Workspace.live()
            let environment = workspace.environment
            let catalog = try workspace.loadCatalog(surveys).catalog
            let entry = try workspace.entry(task, in: catalog)
            let now = environment.clock.now()
            let store = try workspace.openStore(storeOptions, surveys: surveys, catalog: catalog)
            var pipeline = TaskRunPipeline(
                workspace: workspace, entry: entry, catalog: catalog, store: store,
                resultsDirectory: resultsDirectory(environment), day: try day(environment, now: now),
                replace: runOptions.replace
            )
            if let done = try pipeline.event()?.outcome, !pipeline.replace {
                guard try confirmReplacement(of: done, title: entry.title, environment: environment) else {
                    print("Nothing changed.")
                    return
                }
                pipeline.replace = true
            }

            let start = TranscriptHeader.recordableDate(now)
            let runUUID = UUID()
            let terminal = TerminalEnvironment(
                inputIsTerminal: environment.stdinIsTerminal, outputIsTerminal: environment.stdoutIsTerminal,
                errorIsTerminal: environment.stderrIsTerminal, noColor: !environment.colourAllowed(onTerminal: true)
            )
            let history = environment.home.appendingPathComponent("history", isDirectory: true)
            try PrivateFiles.ensureDirectory(history)
            let motion = RangeOfMotionInput(currentDirectory: environment.currentDirectory, taskRunUUID: runUUID)
            var run = TerminalRun(
                session: TaskSession(task: entry.task, taskRunUUID: runUUID, startDate: start, timeZone: environment.timeZone),
                source: terminal.makeLineSource(historyFile: history.appendingPathComponent(task), quiet: quiet),
                presenter: terminal.makePresenter(quiet: quiet), clock: environment.clock,
                parsingContext: AnswerParsingContext(calendar: environment.calendar, now: start),
                rangeOfMotion: motion.interpreter,
                recording: record == nil ? nil : TranscriptHeader(
                    taskIdentifier: entry.taskIdentifier, surveyDigest: entry.digest, startDate: start, taskRunUUID: runUUID
                )
            )
            let outcome: TerminalRunOutcome
            do throws(RunError) {
                outcome = try run.run()
            } catch {
                throw RegimenError.run(error, task: entry.taskIdentifier, title: entry.title)
            }
            if let record, let transcript = outcome.transcript {
                let url = environment.url(forPath: record)
                do throws(TranscriptError) {
                    try transcript.write(to: url)
                } catch {
                    throw RegimenError.io(path: url.path, problem: "cannot write the transcript (\(error))")
                }
            }
            let summary = try pipeline.finish(outcome.result, recordings: motion.recordings)
            TaskRunReport.print(summary, title: entry.title, environment: environment)
        }
    }

    private func resultsDirectory(_ environment: RegimenEnvironment) -> URL {
        runOptions.results.map { environment.url(forPath: $0, isDirectory: true) }
            ?? environment.home.appendingPathComponent("results/\(task)", isDirectory: true)
    }

    private func day(_ environment: RegimenEnvironment, now: Date) throws(RegimenError) -> Date {
        guard let text = runOptions.date else { return now }
        return try DayOption.parse(text, calendar: environment.calendar, now: now)
    }

    /// Asks at a terminal whether to replace the event's outcome; with piped input, refuses (use --replace).
    private func confirmReplacement(of outcome: Outcome, title: String, environment: RegimenEnvironment) throws(RegimenError) -> Bool {
        let done = "\(title) on \(DayText.long(outcome.eventStart, calendar: environment.calendar)) is already done "
            + "(at \(DayText.time(outcome.createdDate, calendar: environment.calendar)))"
        guard environment.stdinIsTerminal else { throw .failure("\(done); pass --replace to replace its outcome") }
        FileHandle.standardOutput.write(Data("\(done). Replace it? [y/N] ".utf8))
        let answer = Swift.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
