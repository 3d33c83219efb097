import ArgumentParser
import CareStore
import Foundation
import ResearchTasks

/// `regimen outcomes`: stored outcome values, one row per value, as a table, JSON or CSV.
struct OutcomesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outcomes",
        abstract: "List stored outcome values, one row per value."
    )

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "Only this task.")
    var task: String?

    @Option(name: .long, help: "Only outcomes with a value of this kind (and only those values).")
    var kind: String?

    @Option(name: .long, help: ArgumentHelp("First day of events (YYYY-MM-DD).", valueName: "day"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Last day of events, included.", valueName: "day"))
    var to: String?

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @Flag(name: .long, help: "With --format csv and --task: one row per event, a column per outcome kind the task declares.")
    var wide = false

    func run() throws {
        try ErrorReporter.guarded {
            let workspace = try Workspace.live()
            let environment = workspace.environment
            let store = try workspace.openStore(storeOptions, surveys: surveys, connection: .single)
            let range = try DayRange.parse(from: from, to: to, defaultDays: nil, environment: environment)
            let outcomes = try storeCall { () throws(CareStoreError) in
                try store.outcomes(taskID: task, kind: kind, from: range?.start, to: range?.end)
            }
            if wide {
                let catalog = try workspace.loadCatalog(surveys).catalog
                print(try WideOutcomeTable.export(task: task, format: format, outcomes: outcomes, catalog: catalog, workspace: workspace))
                return
            }
            let rows = try OutcomeRow.rows(of: outcomes.reversed(), kind: kind, store: store)
            print(OutcomeRow.render(rows, format: format, timeZone: environment.timeZone))
        }
    }
}
