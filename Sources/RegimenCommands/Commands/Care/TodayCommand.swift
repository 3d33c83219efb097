import ArgumentParser
import Foundation
import TerminalRunner

/// `regimen` / `regimen today`: the care feed — the day's tasks, their state and values, and adherence.
struct TodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show the day's tasks, what is done and due, and the adherence ring."
    )

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: ArgumentHelp("The day to show (YYYY-MM-DD; default today).", valueName: "day"))
    var date: String?

    @Flag(name: .long, help: "Show the seven days ending on the day.")
    var week = false

    func run() throws {
        try ErrorReporter.guarded {
            let workspace = try Workspace.live()
            let environment = workspace.environment
            let calendar = environment.calendar
            let now = environment.clock.now()
            let store = try workspace.openStore(storeOptions, surveys: surveys)
            let day = try date.map { text throws(RegimenError) in try DayOption.parse(text, calendar: calendar, now: now) }
                ?? calendar.startOfDay(for: now)
            let days = week ? (-6...0).compactMap { calendar.date(byAdding: .day, value: $0, to: day) } : [day]
            let renderer = CareFeedRenderer(calendar: calendar, style: TextStyle(colour: environment.colourAllowed(onTerminal: environment.stdoutIsTerminal)))
            var sections: [String] = []
            for shown in days {
                sections.append(renderer.render(try CareFeedDay.build(store: store, day: shown, now: now, calendar: calendar)))
            }
            print(sections.joined(separator: "\n\n"))
        }
    }
}
