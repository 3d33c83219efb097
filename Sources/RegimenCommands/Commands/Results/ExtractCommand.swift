import ArgumentParser
import CareStore
import Foundation
import OutcomeMapping
import ResearchTasks

/// `regimen extract RESULT_FILE`: what the task's extractor makes of a result file, without storing anything.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Show the outcome values a result file yields, without storing them."
    )

    @OptionGroup var surveys: SurveyOptions

    @Argument(help: ArgumentHelp("A result file.", valueName: "result-file"))
    var file: String

    @Option(help: "Output format: table or json.")
    var format: OutputFormat = .table

    func run() throws {
        try ErrorReporter.guarded {
            let workspace = try Workspace.live()
            let (url, result) = try workspace.readResult(file)
            let catalog = try workspace.loadCatalog(surveys).catalog
            guard let extractor = workspace.extractors(for: catalog).extractor(forTask: result.identifier) else {
                throw RegimenError.badData("\(url.path): no extractor is defined for task '\(result.identifier)'")
            }
            let values: [OutcomeValue]
            do throws(ExtractionError) {
                values = try extractor.extract(from: result, createdDate: result.endDate)
            } catch {
                throw RegimenError.extraction(task: result.identifier, file: url.path, error)
            }
            print(OutcomeValueListing(values: values, timeZone: workspace.environment.timeZone).render(format))
        }
    }
}
