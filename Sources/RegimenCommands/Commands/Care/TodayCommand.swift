import ArgumentParser

/// `regimen` / `regimen today`: the care feed — the day's tasks, their state and values, and adherence.
///
/// The participant's daily command also has a quicker way in that skips this parser (`CareFeedArguments`): every form
/// that reads, this reads the same way, which a test checks.
struct TodayCommand: AppCommand {
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

    @Flag(
        name: .long, help: "Print only the tasks due now, one per line, and nothing when none is (for a shell profile)."
    )
    var due = false

    func validate() throws {
        guard !due || (date == nil && !week) else {
            throw ValidationError("--due shows what is due now: it takes no --date or --week")
        }
    }

    /// The request these arguments make.
    var request: CareFeedRequest {
        CareFeedRequest(surveys: surveys.surveys, store: storeOptions.store, date: date, week: week, due: due)
    }

    func run(in app: RegimenApp) throws {
        try request.run(in: app)
    }
}
