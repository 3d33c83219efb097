import ArgumentParser
import Catalog
import FHIRInterchange
import Foundation
import RegimenFoundation
import SystemPackage

/// `regimen survey export TASK`: prints a survey as a FHIR R4 Questionnaire, or its file as it is.
struct SurveyExportCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print a survey as a FHIR R4 Questionnaire (JSON).",
        discussion: """
            The Questionnaire's url and version are the survey's own (its fhir: block) or \
            http://regimen.local/Questionnaire/TASK and the first 12 hex digits of the file's SHA-256; result show \
            --format fhir names the same. What FHIR cannot hold (navigation rules, range-of-motion and consent steps, \
            conditions enableWhen cannot say) is listed as warnings on standard error. --format yaml prints the survey \
            file unchanged. See docs/fhir-export.md.
            """)

    /// What is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// A FHIR R4 Questionnaire.
        case fhir
        /// The survey file as it is.
        case yaml
    }

    @Argument(help: ArgumentHelp("The task id of the survey.", valueName: "task"))
    var task: String

    @OptionGroup var surveys: SurveyOptions

    @Option(help: "Output format: fhir (a Questionnaire) or yaml (the survey file).")
    var format: Format = .fhir

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let catalog = try workspace.loadCatalog(surveys).catalog
        let entry = try workspace.entry(task, in: catalog)
        switch format {
        case .yaml:
            let bytes: [UInt8]
            do throws(FileError) { bytes = try FileBytes.read(entry.file) } catch {
                throw RegimenError.file(error)
            }
            FileHandle.standardOutput.write(Data(bytes))
        case .fhir:
            // A Health-linked task has no items to be a Questionnaire of (docs/health-export.md, "Linked tasks").
            guard entry.healthLink == nil else {
                throw RegimenError.healthLinkedTask(task, action: "export as a questionnaire")
            }
            let export = QuestionnaireExport(entry: entry, timeZone: workspace.environment.timeZone)
            for loss in export.losses { ErrorReporter.warn(loss.description, commandName: app.commandName) }
            print(JSONWriter.prettyText(export.resource), terminator: "")
        }
    }
}
