import ArgumentParser
import Catalog
import Foundation
import ParticipantWords
import ResearchTasks
import SystemPackage
import TerminalRunner

/// `regimen replay TASK TRANSCRIPT`: reruns recorded input through the same runner; a transcript's own times and run
/// identifier make the result file byte-identical on every replay.
struct ReplayCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Rerun a recorded transcript (or a file of one answer per line) through the runner."
    )

    @Argument(help: ArgumentHelp("The task identifier.", valueName: "task"))
    var task: String

    @Argument(
        help: ArgumentHelp(
            "A transcript written by --record, or plain text with one answer per line.", valueName: "transcript"))
    var transcript: String

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var runOptions: RunOptions

    @Flag(name: .long, help: "Show the prompts and answers on standard error while replaying.")
    var verbose = false

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        // The task in the participant's language, resolved once here: everything after sees plain strings.
        // An enrolled store's recorded language comes after --language and REGIMEN_LANGUAGE (docs/languages.md).
        let languages = try environment.participantLanguages(
            option: runOptions.language, enrolled: workspace.enrolledLanguage(storePath: storeOptions.store))
        let catalog = try workspace.loadCatalog(surveys, languages: languages).catalog
        let entry = try workspace.entryWithSteps(task, in: catalog, action: "replay")
        // A consent is given by the participant at `run`, never replayed
        // (docs/consent.md, "The gate"); the other tasks wait for it as `run` does (below).
        if entry.task.consentDocument != nil {
            throw RegimenError.usage(
                "task '\(entry.taskIdentifier)' asks for consent: it is given at '\(app.commandName) run', not replayed"
            )
        }
        let url = environment.url(forPath: transcript)
        try InputFile.require(FilePath(url.path))
        let input: RecordedInput
        let source: TranscriptLineSource
        do throws(TranscriptError) {
            input = try RecordedInput.read(from: FilePath(url.path))
            source = try TranscriptLineSource(
                input: input, file: url.path, taskIdentifier: entry.taskIdentifier, surveyDigest: entry.digest)
        } catch {
            throw RegimenError.transcript(error)
        }
        if let warning = source.digestWarning {
            ErrorReporter.warn(warning, commandName: app.commandName)
        }
        let now = environment.clock.now()
        let start = input.header?.startDate ?? TranscriptHeader.recordableDate(now)
        let runUUID = input.header?.taskRunUUID ?? UUID()
        let day =
            try runOptions.date.map { text throws(RegimenError) in
                try DayOption.parseRecordable(text, calendar: environment.calendar, now: now)
            } ?? start
        let store = try workspace.openStore(
            storeOptions, surveys: surveys, catalog: catalog.isInDefaultLanguages ? catalog : nil)
        if let refusal = try ConsentGate.refusal(
            task: entry.taskIdentifier, title: entry.title, documents: ConsentDocumentList(catalog), store: store,
            words: Words(for: languages), calendar: environment.calendar)
        {
            throw RegimenError.consentNeeded(refusal)
        }
        var pipeline = TaskRunPipeline(
            workspace: workspace, entry: entry, catalog: catalog, store: store,
            resultsDirectory: runOptions.resultsDirectory(task: task, environment),
            day: day, replace: runOptions.replace
        )
        pipeline.ingestOptions = TaskRunPipeline.ingestOptions(
            store: storeOptions.store, surveys: surveys.surveys, environment)
        try OutputLocation.checkFolder(FilePath(pipeline.resultsDirectory.path), role: "the result folder")
        // The previous run as the recorded run saw it, for `initial: previous` and `%previous`.
        let previous = pipeline.previousRun(replaying: (runUUID, start))
        if let note = previous.note { ErrorReporter.warn(note, commandName: app.commandName) }
        let presenter =
            verbose
            ? Presenter(output: FileDescriptorOutput.standardError, style: .plain, words: Words(for: languages))
            : Presenter(output: DiscardingOutput(), style: .plain)
        let motion = RangeOfMotionInput(
            currentDirectory: environment.currentDirectory, taskRunUUID: runUUID, words: Words(for: languages))
        // Recorded so that a `quit` in the input can keep the answers before it, as at the prompt
        // (docs/finish-later.md).
        var run = TerminalRun(
            session: TaskSession(
                task: entry.task, taskRunUUID: runUUID, startDate: start, timeZone: environment.timeZone,
                previous: previous.result),
            source: source, presenter: presenter, clock: environment.clock,
            parsingContext: AnswerParsingContext(
                calendar: environment.calendar, now: start, locale: entry.languages?.shownLocale),
            rangeOfMotion: motion.interpreter,
            recording: TranscriptHeader(
                taskIdentifier: entry.taskIdentifier, surveyDigest: entry.digest, startDate: start,
                taskRunUUID: runUUID)
        )
        let event = try pipeline.event()
        run.offersFinishLater = pipeline.canFinishLater(event, now: now)
        let outcome: TerminalRunOutcome
        do throws(RunError) {
            outcome = try run.run()
        } catch .quitKeepingAnswers {
            print(try pipeline.keepUnfinished(run.transcript, for: event))
            return
        } catch {
            throw RegimenError.run(error, task: entry.taskIdentifier, title: entry.title)
        }
        let summary = try pipeline.finish(outcome.result, recordings: motion.recordings)
        TaskRunReport.print(summary, title: entry.title, environment: environment)
    }
}
