import ArgumentParser
import CareModel
import FHIRInterchange
import Foundation
import ParticipantWords
import RegimenFoundation
import TerminalRunner

/// `regimen patient show [--format text|fhir]`: the participant's patient record.
struct PatientCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patient", abstract: "Show the patient record.", subcommands: [PatientShowCommand.self])
}

/// `regimen patient show`.
struct PatientShowCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show the patient record (name, birthday, sex, allergies).",
        discussion: """
            The record is the survey folder's care file's patient: (care.yaml). --format fhir prints it as a FHIR R4 \
            Patient as CareKitFHIR's OCKR4PatientCoder maps it (allergies are not carried). See docs/care-plans.md.
            """)

    /// What is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case fhir
    }

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "Output format: text or fhir (a Patient).")
    var format: Format = .text

    func run(in app: RegimenApp) throws {
        let context = try CareRecordsContext(app: app, surveys: surveys, storeOptions: storeOptions)
        guard let patient = context.contents.patient else {
            if format == .fhir { throw RegimenError.badData("no patient record (the care file has no patient:)") }
            print(context.words(.noPatientRecord))
            return
        }
        switch format {
        case .fhir: print(JSONWriter.prettyText(CareFHIRExport.patient(patient)), terminator: "")
        case .text: print(CareTeamRenderer(words: context.words, style: .init(color: false)).render(patient))
        }
    }
}
