import ArgumentParser
import Foundation

/// Options shared by `run` and `replay`.
struct RunOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Folder for the result file (default: $REGIMEN_HOME/results/<task>).", valueName: "dir"))
    var results: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Store the outcome on this day's event (YYYY-MM-DD, today or yesterday; not a future day; default: the run's day).",
            valueName: "day"))
    var date: String?

    @Flag(name: .long, help: "Replace the event's existing outcome without asking.")
    var replace = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Show the survey in this language, a BCP 47 tag such as ja or zh-Hans (default: $REGIMEN_LANGUAGE, "
                + "then $LC_ALL, $LC_MESSAGES, $LANG; a survey without it shows its default language).",
            valueName: "tag"))
    var language: String?
}

extension RunOptions {
    /// The folder the result file goes to: `--results`, else `$REGIMEN_HOME/results/<task>`.
    func resultsDirectory(task: String, _ environment: RegimenEnvironment) -> URL {
        results.map { environment.url(forPath: $0, isDirectory: true) }
            ?? Self.defaultResultsDirectory(task: task, environment)
    }

    /// `$REGIMEN_HOME/results/<task>`, where results (and runs kept to finish later) go by default.
    static func defaultResultsDirectory(task: String, _ environment: RegimenEnvironment) -> URL {
        environment.home.appendingPathComponent("results/\(task)", isDirectory: true)
    }
}
