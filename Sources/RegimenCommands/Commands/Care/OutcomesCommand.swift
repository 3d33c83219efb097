import ArgumentParser
import CareModel
import CareStore
import FHIRInterchange
import Foundation
import RegimenFoundation
import ResearchTasks

/// `regimen outcomes`: stored outcome values, one row per value, as a table, JSON or CSV.
struct OutcomesCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "outcomes",
        abstract: "List stored outcome values, one row per value.",
        discussion: """
            --format fhir prints a FHIR R4 Bundle (type collection) of Observations, one per value, coded with the \
            survey's outcome code or the kind (docs/fhir-export.md).
            """
    )

    /// How the values are printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table
        case json
        case csv
        /// A FHIR R4 Bundle of Observations.
        case fhir

        /// The listing format it names; nil for FHIR.
        var listing: OutputFormat? { OutputFormat(rawValue: rawValue) }
    }

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

    @Option(help: "Output format: table, json, csv or fhir.")
    var format: Format = .table

    @Flag(
        name: .long,
        help: "With --format csv and --task: one row per event, a column per outcome kind the task declares.")
    var wide = false

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        let store = try workspace.openStore(storeOptions, surveys: surveys, connection: .single)
        let range = try DayRange.parse(from: from, to: to, defaultDays: nil, environment: environment)
        let (start, end) = (range?.start, range?.end)
        if format == .fhir, wide {
            throw RegimenError.usage("--wide lists a table; it cannot be used with --format fhir")
        }
        let catalog = format == .fhir || wide ? try workspace.loadCatalog(surveys).catalog : nil
        let output = TableOutput.standardOutput()
        // One read: every row comes from the same snapshot, streamed (docs/carekit-store.md, "Reading outcomes in
        // order").
        try storeCall { () throws(CareStoreError) in
            try store.readingOutcomes { snapshot in
                Result { () throws(RegimenError) in
                    let outcomes = { () throws(CareStoreError) in
                        try snapshot.outcomes(taskID: task, kind: kind, from: start, to: end)
                    }
                    if let catalog, format == .fhir {
                        try ObservationSources.write(
                            try storeCall(outcomes), snapshot: snapshot, kind: kind, catalog: catalog,
                            timeZone: environment.timeZone, to: output)
                    } else if let catalog, let listing = format.listing {
                        try WideOutcomeTable.write(
                            task: task, kind: kind, from: start, to: end, format: listing, catalog: catalog,
                            workspace: workspace, snapshot: snapshot, to: output)
                    } else if let listing = format.listing {
                        try OutcomeRow.write(
                            outcomes, snapshot: snapshot, kind: kind, format: listing,
                            timeZone: environment.timeZone,
                            to: output)
                    }
                }
            }
        }.get()
        try output.finish()
    }
}
