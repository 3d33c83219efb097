import ArgumentParser
import CareModel
import CareStore
import Catalog
import Foundation
import ParticipantWords
import RegimenFoundation
import ResearchTasks
import SystemPackage

/// `regimen insights`: the charts the survey files ask for (pain and sleep bars, range of motion over time) drawn in
/// the terminal from the stored outcomes, or written as one SVG file (docs/insights.md).
struct InsightsCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Chart stored outcomes over days: pain and sleep, range of motion.",
        discussion:
            "Days default to the last week ending today. Color only on a terminal without NO_COLOR; ASCII with --ascii or TERM=dumb; COLUMNS sets the width."
    )

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "Only this task's charts.")
    var task: String?

    @Flag(name: .long, help: "The seven days ending today (the default).")
    var week = false

    @Flag(name: .long, help: "The 30 days ending today.")
    var month = false

    @Option(name: .long, help: ArgumentHelp("First day charted (YYYY-MM-DD, today or yesterday).", valueName: "day"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Last day charted, included (default today).", valueName: "day"))
    var to: String?

    @Flag(name: .long, help: "Draw with ASCII characters only.")
    var ascii = false

    @Option(
        name: .long,
        help: ArgumentHelp("Write the charts to this SVG file (owner-only) instead of drawing them.", valueName: "file")
    )
    var svg: String?

    /// Days in a `--week` window.
    static let weekDays = 7
    /// Days in a `--month` window: the last 30, not the calendar month (docs/insights.md, "Which days").
    static let monthDays = 30

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        let window = try requestedWindow(environment)
        // The store is kept in the surveys' default languages (docs/languages.md, "Translated texts").
        let catalog = try workspace.loadCatalog(surveys).catalog
        // An unknown task is refused before the store is opened (or created).
        if let task { _ = try workspace.entry(task, in: catalog) }
        let store = try workspace.openStore(storeOptions, surveys: surveys, catalog: catalog, connection: .single)
        let width = environment.terminalWidth
        // The participant's language (docs/languages.md, "Regimen's own words"), the enrolled one after
        // REGIMEN_LANGUAGE: Regimen's words in it, and the charts' titles when a survey is translated (the folder is
        // read again in that language). The SVG file's own words stay English.
        let enrolled = try EnrolledLanguage.recorded(in: store, file: workspace.storePath(storeOptions.store))
        let languages = try environment.participantLanguages(option: nil, enrolled: enrolled)
        let words = Words(for: languages)
        let translated = !languages.isEmpty && catalog.entries.contains { $0.languages?.translations.isEmpty == false }
        let shown = translated ? try workspace.loadCatalog(surveys, languages: languages).catalog : catalog
        let entries =
            try task.map { id throws(RegimenError) in [try workspace.entry(id, in: shown)] } ?? shown.entries
        let builder = InsightChartBuilder(window: window) { style, count in
            TerminalChartLayout.bucketCapacity(style: style, seriesCount: count, width: width)
        }
        var charts: [InsightChart] = []
        for entry in entries where !entry.effectiveCharts.isEmpty {
            let outcomes = try storeCall { () throws(CareStoreError) in
                try store.outcomes(taskID: entry.taskIdentifier, from: window.firstDay, to: window.end)
            }
            charts += builder.charts(of: entry, outcomes: outcomes)
        }
        if let svg {
            let url = environment.url(forPath: svg)
            try PrivateFiles.replace(FilePath(url.path), text: SVGChartRenderer().render(charts, window: window))
            print(words.counted(.chartsWritten, count: charts.count, svg))
            return
        }
        guard !charts.isEmpty else {
            print(task.map { words(.nothingToChartForTask, $0) } ?? words(.nothingToChart))
            return
        }
        let glyphs = ChartGlyphs.choose(
            ascii: ascii, variables: environment.variables,
            colorAllowed: environment.colorAllowed(onTerminal: environment.stdoutIsTerminal))
        let renderer = TerminalChartRenderer(glyphs: glyphs, width: width, words: words)
        print(charts.map { renderer.render($0).joined(separator: "\n") }.joined(separator: "\n\n"))
    }

    /// The days asked for: `--week` (default), `--month`, or `--from`/`--to` (a missing `--to` is today, a
    /// missing `--from` a week before `--to`), in the participant's calendar.
    func requestedWindow(_ environment: RegimenEnvironment) throws(RegimenError) -> InsightWindow {
        let calendar = environment.calendar
        let now = environment.clock.now()
        let named = [week ? "--week" : nil, month ? "--month" : nil, from != nil || to != nil ? "--from/--to" : nil]
            .compactMap(\.self)
        guard named.count <= 1 else { throw .usage("use only one of \(named.joined(separator: ", "))") }
        let lastDay =
            try to.map { text throws(RegimenError) in try DayOption.parse(text, calendar: calendar, now: now) }
            ?? calendar.startOfDay(for: now)
        guard let from else {
            return InsightWindow(ending: lastDay, dayCount: month ? Self.monthDays : Self.weekDays, calendar: calendar)
        }
        let firstDay = try DayOption.parse(from, calendar: calendar, now: now)
        guard let window = InsightWindow(from: firstDay, through: lastDay, calendar: calendar) else {
            throw .usage("--to must not be before --from")
        }
        return window
    }
}
