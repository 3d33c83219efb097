import ArgumentParser
import FHIRInterchange
import FoundationEssentials
import RegimenFoundation
import ResearchTasks
import SystemPackage
import TerminalRunner

/// `regimen result show FILE`: prints a result tree readably, or back as ResearchKit JSON.
struct ResultShowCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a result file as a readable tree, as ResearchKit JSON, or as a FHIR QuestionnaireResponse.",
        discussion: """
            With --format json the tree is written as ResearchKit's serializer writes it; a file read from a \
            ResearchKit app comes back equal to itself as JSON (keys, classes and values Regimen does not model, \
            each date's own UTC offset), apart from key order and number formatting. With --format fhir it is a FHIR R4 \
            QuestionnaireResponse to the Questionnaire `survey export` prints for the result's task, found in the \
            survey folder (docs/fhir-export.md); a run kept to finish later (unfinished….jsonl) gives an in-progress \
            response with the answers so far.
            """)

    /// How the tree is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// The readable tree.
        case text
        /// ResearchKit serializer JSON.
        case json
        /// A FHIR R4 QuestionnaireResponse.
        case fhir
    }

    @Argument(
        help: ArgumentHelp(
            "A result file (Regimen's or a ResearchKit app's JSON); with --format fhir also a kept run (unfinished….jsonl).",
            valueName: "file"))
    var file: String

    @Option(help: "Output format: text, json or fhir.")
    var format: Format = .text

    @OptionGroup var surveys: SurveyOptions

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let url = workspace.environment.url(forPath: file)
        if format == .fhir, UnfinishedRun.isKeptRunFile(url) {
            // A run kept to finish later: the answers so far, in progress (docs/fhir-export.md,
            // "QuestionnaireResponse").
            try InputFile.require(FilePath(url.path))
            let kept = try UnfinishedRun.read(url)
            let entry = try workspace.entry(
                kept.transcript.header.taskIdentifier, in: workspace.loadCatalog(surveys).catalog)
            let result = try kept.resultSoFar(of: entry, environment: workspace.environment)
            let response = ResponseExport.resource(
                result, entry: entry, status: .inProgress, timeZone: workspace.environment.timeZone)
            print(JSONWriter.prettyText(response), terminator: "")
            return
        }
        let (_, result) = try workspace.readResult(file)
        let timeZone = workspace.environment.timeZone
        switch format {
        case .text: print(ResultTreeRenderer.render(result, timeZone: timeZone))
        case .json: print(ResultFileCodec.encodedText(result, timeZone: timeZone), terminator: "")
        case .fhir:
            // The items' texts in the language the run was shown in (docs/languages.md).
            var shown: [LanguageTag] = []
            if case .string(let recorded)? = result.userInfo?["language"], let tag = LanguageTag(recorded) {
                shown = [tag]
            }
            let entry = try workspace.entry(
                result.identifier, in: workspace.loadCatalog(surveys, languages: shown).catalog)
            let response = ResponseExport.resource(result, entry: entry, status: .completed, timeZone: timeZone)
            print(JSONWriter.prettyText(response), terminator: "")
        }
    }
}
