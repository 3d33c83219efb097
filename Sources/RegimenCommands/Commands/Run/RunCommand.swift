import ArgumentParser
import CareModel
import Catalog
import Foundation
import ParticipantWords
import RegimenFoundation
import ResearchTasks
import SystemPackage
import TerminalRunner

/// `regimen run TASK`: answer a task at the terminal (readline), or from lines on a pipe.
struct RunCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a task interactively, or from one answer per line on standard input.",
        discussion: """
            At any question: back, skip (optional questions), help, quit. quit asks whether to keep the answers so far; \
            the next run for the same event offers to resume them ("[Y/n]"). Ctrl-C, Ctrl-D, a closed terminal, \
            and at a terminal even a killed process or a power cut keep the answers typed (exit 130 when \
            interrupted). When the day's event is already done, "Replace it? [y/N]" is asked first (the first piped \
            line answers each question). The \
            result folder, the store and --record are checked before the first question; if the result cannot be \
            written at the end, it is kept under $REGIMEN_HOME/recovered with the command that stores it.
            """
    )

    @Argument(help: ArgumentHelp("The task identifier, e.g. checkin.", valueName: "task"))
    var task: String

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var runOptions: RunOptions

    @Option(
        name: .long, help: ArgumentHelp("Record every line typed to this transcript (JSON Lines).", valueName: "file"))
    var record: String?

    @Flag(name: .long, help: "Print no prompts (piped input only).")
    var quiet = false

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        // The task in the participant's language, resolved once here: everything after sees plain strings.
        // An enrolled store's recorded language comes after --language and REGIMEN_LANGUAGE (docs/languages.md).
        let languages = try environment.participantLanguages(
            option: runOptions.language, enrolled: workspace.enrolledLanguage(storePath: storeOptions.store))
        // Regimen's own words in that language (docs/languages.md, "Regimen's own words").
        let words = Words(for: languages)
        let catalog = try workspace.loadCatalog(surveys, languages: languages).catalog
        let entry = try workspace.entryWithSteps(task, in: catalog, action: "run")
        let now = environment.clock.now()
        // Before the store opens: a refused --date writes nothing.
        let day = try day(environment, now: now)
        let store = try workspace.openStore(
            storeOptions, surveys: surveys, catalog: catalog.isInDefaultLanguages ? catalog : nil)
        // Until consent is given, only the consent task runs (docs/consent.md, "The gate").
        if let refusal = try ConsentGate.refusal(
            task: entry.taskIdentifier, title: entry.title, documents: ConsentDocumentList(catalog), store: store,
            words: words, calendar: environment.calendar)
        {
            throw RegimenError.consentNeeded(refusal)
        }
        // A consent run keeps no readline history and nothing to finish later: a name typed is kept only if the
        // participant signs (docs/consent.md, "The consent run").
        let consentContent = entry.task.consentDocument
        var pipeline = TaskRunPipeline(
            workspace: workspace, entry: entry, catalog: catalog, store: store,
            resultsDirectory: runOptions.resultsDirectory(task: task, environment), day: day,
            replace: runOptions.replace
        )
        pipeline.ingestOptions = TaskRunPipeline.ingestOptions(
            store: storeOptions.store, surveys: surveys.surveys, environment)
        // Every output is checked before the first question, so no answer is typed for a place that cannot take it.
        let recordURL = record.map { environment.url(forPath: $0) }
        try OutputLocation.checkFolder(FilePath(pipeline.resultsDirectory.path), role: "the result folder")
        try OutputLocation.checkFile(workspace.storePath(storeOptions.store), role: "the care store")
        if let recordURL {
            try OutputLocation.checkFile(FilePath(recordURL.path), role: "the transcript (--record)")
        }

        let start = TranscriptHeader.recordableDate(now)
        let runUUID = UUID()
        let terminal = TerminalEnvironment(
            inputIsTerminal: environment.stdinIsTerminal, outputIsTerminal: environment.stdoutIsTerminal,
            errorIsTerminal: environment.stderrIsTerminal, noColor: !environment.colorAllowed(onTerminal: true)
        )
        let history = environment.home.appendingPathComponent("history", isDirectory: true)
        try PrivateFiles.ensureFolder(FilePath(history.path))
        let motion = RangeOfMotionInput(
            currentDirectory: environment.currentDirectory, taskRunUUID: runUUID, words: words)
        let parsingContext = AnswerParsingContext(
            calendar: environment.calendar, now: start, locale: entry.languages?.shownLocale)
        // The previous run of this survey version, for `initial: previous` and `%previous`.
        let previous = pipeline.previousRun()
        if let note = previous.note { ErrorReporter.warn(note, commandName: app.commandName) }
        // Every run is recorded: the lines typed are what `quit` keeps to finish later (docs/finish-later.md).
        var run = TerminalRun(
            session: TaskSession(
                task: entry.task, taskRunUUID: runUUID, startDate: start, timeZone: environment.timeZone,
                previous: previous.result),
            source: terminal.makeLineSource(
                historyFile: consentContent == nil ? FilePath(history.path).appending(task) : nil, quiet: quiet),
            presenter: terminal.makePresenter(quiet: quiet, words: words), clock: environment.clock,
            parsingContext: parsingContext, rangeOfMotion: motion.interpreter,
            recording: TranscriptHeader(
                taskIdentifier: entry.taskIdentifier, surveyDigest: entry.digest, startDate: start,
                taskRunUUID: runUUID
            )
        )
        let event = try pipeline.event()
        // A run the system stopped is kept as an interruption would have kept it (docs/finish-later.md).
        let stopped = pipeline.recoverStoppedRuns(now: now, current: event)
        for note in stopped.notes { print(note) }
        if let held = stopped.currentHeldElsewhere { throw pipeline.answeredElsewhere(journal: held) }
        // A run kept for an event that has passed cannot be finished any more; nor can one kept now for such an
        // event.
        for note in pipeline.discardClosedUnfinished(now: now, keeping: event) { print(note) }
        run.offersFinishLater = consentContent == nil && pipeline.canFinishLater(event, now: now)
        run.interruptionsKeepAnswers = true
        // At a terminal, each line typed is on disk before the next question (docs/finish-later.md, "When the
        // program is stopped"); piped lines are still in their source. Started before the first question, so that
        // a second run of the event is refused before anything is asked.
        var journal: InProgressRun?
        defer { journal?.close() }
        if run.offersFinishLater, environment.stdinIsTerminal, let header = run.transcript?.header {
            let started = try pipeline.startJournal(header, for: event)
            if let warning = started.warning { ErrorReporter.warn(warning, commandName: app.commandName) }
            journal = started.journal
        }
        let (kept, keptNote) = pipeline.unfinished(for: event)
        if let keptNote { print(keptNote) }
        var resumed = false
        let outcome: TerminalRunOutcome
        do throws(RunError) {
            // A logged task's run adds a log to the day's outcome: nothing is replaced (docs/logged-tasks.md).
            if !pipeline.replace, !entry.logged, let done = event?.outcome {
                guard
                    try run.confirm(
                        replacementStatement(done, title: entry.title, environment, words: words),
                        question: words(.replaceQuestion))
                else {
                    journal?.remove()
                    print(words(.nothingChanged))
                    return
                }
                pipeline.replace = true
            }
            if let kept,
                try run.ask(
                    resumeStatement(kept, title: entry.title, environment, words: words),
                    question: words(.resumeQuestion),
                    yesByDefault: true)
            {
                let header = kept.transcript.header
                let restored = try SessionRestoration.restore(
                    kept.transcript, file: kept.url.path,
                    into: TaskSession(
                        task: entry.task, taskRunUUID: header.taskRunUUID, startDate: header.startDate,
                        timeZone: environment.timeZone, previous: previous.result),
                    clock: environment.clock, parsingContext: parsingContext, rangeOfMotion: motion.interpreter)
                run.resume(restored, from: kept.transcript)
                resumed = true
                if let started = journal {
                    let restarted = pipeline.restartJournal(started, as: kept.transcript.header)
                    if let warning = restarted.warning { ErrorReporter.warn(warning, commandName: app.commandName) }
                    journal = restarted.journal
                }
            }
            run.journal = journal
            outcome = try run.run()
        } catch .quitKeepingAnswers {
            print(try pipeline.keepUnfinished(run.transcript, for: event, words: words))
            journal?.remove()
            return
        } catch .interrupted where run.keepsLinesWhenInterrupted {
            // Nothing typed is lost to a stray Ctrl-C or a closed terminal: kept as `quit` then `y` keeps it, but
            // the exit status still says the run was interrupted (docs/finish-later.md, "Interrupted runs").
            let kept = try pipeline.keepUnfinished(run.transcript, for: event, words: words)
            journal?.remove()
            throw RegimenError.abandoned(reason: words(.runInterruptedKept, entry.title, kept))
        } catch {
            // The participant chose to keep nothing; a failure of the terminal or the runner leaves the lines
            // typed in the journal for the next run to keep.
            switch error {
            case .quit, .interrupted, .inputEnded, .confirmationUnanswered: journal?.remove()
            default: break
            }
            let abandoned = RegimenError.run(error, task: entry.taskIdentifier, title: entry.title, words: words)
            // What was kept before this run stays kept (also when the run stopped at the resume question, or was
            // started afresh): only the answers typed in this run are abandoned.
            if resumed || kept != nil, case .abandoned(let reason) = abandoned {
                throw RegimenError.abandoned(reason: reason + "; the answers kept earlier are still kept")
            }
            throw abandoned
        }
        // A decline keeps nothing but the decline: no result file, no outcome (docs/consent.md).
        if let consentContent, let consent = ConsentRunRecording.consent(in: outcome.result), !consent.consented {
            try ConsentRunRecording(store: store, content: consentContent).recordDecline(consent)
            journal?.remove()
            print(words(.consentDeclined))
            return
        }
        // The answers are written and stored first; the transcript, a record of the typing, comes after.
        let finish = { [pipeline] in
            Result { () throws(RegimenError) in try pipeline.finish(outcome.result, recordings: motion.recordings) }
        }
        var finished = finish()
        if environment.stdinIsTerminal {
            finished = TaskRunPipeline.retryWhileDiskIsFull(
                finished, run: &run, resultsDirectory: pipeline.resultsDirectory, finish: finish)
        }
        if case .failure(let error) = finished, TaskRunPipeline.lostToFullDisk(error) {
            let lines = outcome.transcript?.entries.map(\.text) ?? []
            finished = .failure(
                pipeline.answersOnlyInMemory(error, lines: lines, commandName: app.commandName))
        }
        // Once the answers are in a result file, a run kept for this event has been finished (or declined).
        switch finished {
        case .success, .failure(.answersKept):
            kept?.discard()
            journal?.remove()
        case .failure: break
        }
        let transcriptProblem = recordURL.flatMap { url in
            outcome.transcript.flatMap { writeTranscript($0, to: url, recovery: pipeline.recoveryDirectory) }
        }
        let summary = try finished.get()
        TaskRunReport.print(summary, title: entry.title, environment: environment, words: words)
        if let consentContent, let consent = ConsentRunRecording.consent(in: outcome.result) {
            let kept = try ConsentRunRecording(store: store, content: consentContent).recordSignature(
                consent, taskRunUUID: outcome.result.taskRunUUID, resultFile: summary.resultFile)
            if let warning = kept.warning { ErrorReporter.warn(warning, commandName: app.commandName) }
            print(
                words(
                    .consentSigned, consentContent.document.title ?? consentContent.document.identifier,
                    consentContent.document.version, kept.copy.string))
        }
        if let transcriptProblem { throw transcriptProblem }
    }

    /// Writes the transcript; when that fails, saves it to the recovery folder and returns the error to report.
    private func writeTranscript(_ transcript: Transcript, to url: URL, recovery: URL) -> RegimenError? {
        do throws(FileError) {
            try transcript.write(to: FilePath(url.path))
            return nil
        } catch let failure {
            let kept = recovery.appendingPathComponent(url.lastPathComponent)
            do {
                try PrivateFiles.ensureFolder(FilePath(recovery.path))
                try transcript.write(to: FilePath(kept.path))
            } catch {
                return .transcriptNotWritten(failure, keptIn: nil, recoveryFolder: FilePath(recovery.path))
            }
            return .transcriptNotWritten(failure, keptIn: FilePath(kept.path), recoveryFolder: FilePath(recovery.path))
        }
    }

    private func day(_ environment: RegimenEnvironment, now: Date) throws(RegimenError) -> Date {
        guard let text = runOptions.date else { return now }
        return try DayOption.parseRecordable(text, calendar: environment.calendar, now: now)
    }

    /// "You started Check In at 09:12 and kept your answers to finish later." — said before offering to resume.
    private func resumeStatement(
        _ kept: UnfinishedRun, title: String, _ environment: RegimenEnvironment, words: Words
    ) -> String {
        let started = kept.transcript.header.startDate
        let calendar = environment.calendar
        let time = DayText.time(started, calendar: calendar)
        return calendar.isDate(started, inSameDayAs: environment.clock.now())
            ? words(.resumeStatementToday, title, time)
            : words(.resumeStatementEarlier, title, DayText.long(started, calendar: calendar, words: words), time)
    }

    /// "Check In on … is already done (at 08:04)." — said before asking whether to replace the outcome.
    private func replacementStatement(
        _ outcome: Outcome, title: String, _ environment: RegimenEnvironment, words: Words
    ) -> String {
        words(
            .replacementStatement, title,
            DayText.long(outcome.eventStart, calendar: environment.calendar, words: words),
            DayText.time(outcome.createdDate, calendar: environment.calendar))
    }
}
