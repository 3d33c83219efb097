import ArgumentParser
import CareModel
import Catalog
import Foundation
import ParticipantWords
import RegimenFoundation
import ResearchTasks
import SystemPackage
import TerminalRunner

/// `regimen log TASK [VALUE…] [--at TIME]`: one log of a logged task (docs/logged-tasks.md), its answers given on the
/// command line, added to the event's outcome with the log's time.
struct LogCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log an entry of a logged task now (or --at a time): each VALUE answers its next question.",
        discussion: """
            A logged task (logged: true in its survey file, docs/logged-tasks.md) is logged any number of times a \
            day; each log's values join the day's outcome with their own time. `regimen run TASK` logs at the prompt \
            instead. The values are read as the prompt reads answers (an empty VALUE skips an optional question).
            """
    )

    @Argument(help: ArgumentHelp("The logged task's identifier, e.g. nausea.", valueName: "task"))
    var task: String

    @Argument(help: ArgumentHelp("The answers, one per question in order.", valueName: "value"))
    var values: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "When it happened: YYYY-MM-DD HH:mm, or HH:mm today (default: now; never later).", valueName: "time"))
    var at: String?

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(
        name: .long,
        help: ArgumentHelp("Folder for the result file (default: $REGIMEN_HOME/results/<task>).", valueName: "dir"))
    var results: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read the values in this language's forms, a BCP 47 tag such as ja (default: as `run` picks it).",
            valueName: "tag"))
    var language: String?

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        let languages = try environment.participantLanguages(
            option: language, enrolled: workspace.enrolledLanguage(storePath: storeOptions.store))
        let words = Words(for: languages)
        let catalog = try workspace.loadCatalog(surveys, languages: languages).catalog
        let entry = try workspace.entryWithSteps(task, in: catalog, action: "log")
        guard entry.logged else {
            throw RegimenError.usage(
                "'\(task)' is not a logged task (logged: true in its survey file): answer it with `run \(task)`")
        }
        let calendar = environment.calendar
        let now = environment.clock.now()
        let instant = try LogTimeOption.parse(
            at, calendar: calendar, now: now, locale: entry.languages?.shownLocale)
        let store = try workspace.openStore(
            storeOptions, surveys: surveys, catalog: catalog.isInDefaultLanguages ? catalog : nil)
        // A log is an answer like a run's: none before consent is given, none after it is withdrawn
        // (docs/consent.md, "The gate").
        if let refusal = try ConsentGate.refusal(
            task: entry.taskIdentifier, title: entry.title, documents: ConsentDocumentList(catalog), store: store,
            words: words, calendar: calendar)
        {
            throw RegimenError.consentNeeded(refusal)
        }
        let resultsDirectory =
            results.map { environment.url(forPath: $0, isDirectory: true) }
            ?? RunOptions.defaultResultsDirectory(task: task, environment)
        let pipeline = TaskRunPipeline(
            workspace: workspace, entry: entry, catalog: catalog, store: store, resultsDirectory: resultsDirectory,
            day: instant, replace: false)
        try OutputLocation.checkFolder(FilePath(resultsDirectory.path), role: "the result folder")
        try OutputLocation.checkFile(workspace.storePath(storeOptions.store), role: "the care store")
        guard try pipeline.event() != nil else {
            throw RegimenError.failure(
                "\(entry.title) has no event on \(DayText.iso(instant, calendar: calendar)) to hold the log")
        }
        let start = TranscriptHeader.recordableDate(instant)
        // The answers are played as lines; what the prompt would have said is kept to explain a refused value.
        let shown = CapturedOutput()
        var run = TerminalRun(
            session: TaskSession(
                task: entry.task, taskRunUUID: UUID(), startDate: start, timeZone: environment.timeZone),
            source: ScriptedLineSource(lines: values),
            presenter: Presenter(output: shown, style: .plain, words: words), clock: FixedClock(start),
            parsingContext: AnswerParsingContext(calendar: calendar, now: start, locale: entry.languages?.shownLocale)
        )
        let outcome: TerminalRunOutcome
        do throws(RunError) {
            outcome = try run.run()
        } catch {
            FileDescriptorOutput.standardError.write(shown.text)
            throw RegimenError.run(error, task: entry.taskIdentifier, title: entry.title, words: words)
        }
        let summary = try pipeline.finish(outcome.result, recordings: [])
        let time = DayText.time(start, calendar: calendar)
        let logged = summary.stored?.values.filter { $0.createdDate == outcome.result.endDate } ?? []
        let text = OutcomeSummary.text(logged, timeZone: environment.timeZone)
        print(
            text.isEmpty ? words(.loggedEntryNoValues, entry.title, time) : words(.loggedEntry, entry.title, time, text)
        )
    }
}
