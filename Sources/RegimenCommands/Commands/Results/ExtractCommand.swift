import ArgumentParser
import CareModel
import Foundation
import OutcomeMapping
import ResearchTasks

/// `regimen extract RESULT_FILE`: what the task's extractor makes of a result file, without storing anything.
struct ExtractCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Show the outcome values a result file yields, without storing them.",
        discussion: """
            The file is checked as `ingest` checks it: answers against their questions' answer formats, dates \
            in order and not in the future. A file holding anything impossible is refused (exit 65) with every problem \
            listed.
            """
    )

    @OptionGroup var surveys: SurveyOptions

    @Argument(help: ArgumentHelp("A result file.", valueName: "result-file"))
    var file: String

    @Option(help: "Output format: table or json.")
    var format: OutputFormat = .table

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let (url, result) = try workspace.readResult(file)
        let catalog = try workspace.loadCatalog(surveys).catalog
        let environment = workspace.environment
        let problems = ResultChecks(catalog: catalog, calendar: environment.calendar, now: environment.clock.now())
            .problems(in: result, task: result.identifier)
        if !problems.isEmpty {
            let count = problems.count == 1 ? "a value" : "\(problems.count) values"
            throw RegimenError.badData(
                "\(url.path): the result holds \(count) that cannot be true:\n"
                    + problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        let extracted: [OutcomeValue]?
        do throws(ExtractionError) {
            extracted = try workspace.extractors(for: catalog).values(of: result, createdDate: result.endDate)
        } catch {
            throw RegimenError.extraction(task: result.identifier, file: url.path, error)
        }
        guard let values = extracted else {
            throw RegimenError.badData("\(url.path): no extractor is defined for task '\(result.identifier)'")
        }
        print(OutcomeValueListing(values: values, timeZone: workspace.environment.timeZone).render(format))
    }
}
