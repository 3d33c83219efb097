import ArgumentParser
import CareStore
import Catalog
import Foundation
import ResearchTasks

/// `regimen ingest PATH…`: store recorded result files idempotently (sync identifier + version, like HealthKit).
struct IngestCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Store the outcomes of recorded result files; ingesting a file again changes nothing.",
        discussion: """
            Each file (folders are searched for *.json) is decoded — Regimen's and ResearchKit's JSON — and its outcome \
            goes to the event of its task on the day its run ended, in the participant's time zone. A result's \
            userInfo may carry "syncIdentifier" (default: its task run UUID) and "syncVersion" (default 1): the same \
            identifier with a higher version replaces the stored outcome, an equal or lower one is ignored. When two \
            runs fall on one event, the one that ended later holds it; the other is kept as superseded. \
            A store that does not hold a task yet starts its schedule on the day of the earliest result (or --start). \
            Exits 65 when any file was rejected; the others are stored all the same.
            """
    )

    @Argument(help: ArgumentHelp("Result files, or folders searched recursively for *.json.", valueName: "path"))
    var paths: [String]

    @Option(name: .long, help: "Take every file to be a result of this task.")
    var task: String?

    @Option(name: .long, help: ArgumentHelp("The participant's time zone (default: the local one).", valueName: "zone"))
    var tz: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The day tasks new to the store start on (YYYY-MM-DD; default: the day of the earliest result).",
            valueName: "day"))
    var start: String?

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name at least one result file or folder") }
    }

    /// What was asked for.
    var request: IngestRequest {
        IngestRequest(
            paths: paths, task: task, tz: tz, start: start, surveys: surveys.surveys, store: storeOptions.store)
    }

    func run(in app: RegimenApp) throws {
        try request.run(in: app)
    }
}
