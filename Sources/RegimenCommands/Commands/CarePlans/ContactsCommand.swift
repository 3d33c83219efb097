import ArgumentParser
import CareModel
import FHIRInterchange
import Foundation
import RegimenFoundation
import TerminalRunner

/// `regimen contacts [PLAN] [--vcard] [--format text|fhir]`: the care team with every way to reach them.
struct ContactsCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts", abstract: "List the care team with every way to reach them.",
        discussion: """
            The contacts of the survey folder's care file (care.yaml), those of PLAN only when one is named (its id \
            or title). --vcard prints RFC 6350 vCards a phone's contacts app imports; --format fhir a FHIR R4 Bundle \
            of Practitioner and PractitionerRole (care team) or RelatedPerson (friends and family) resources. See \
            docs/care-plans.md.
            """)

    /// What is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case fhir
    }

    @Argument(help: ArgumentHelp("Only the contacts of this plan (its id or title).", valueName: "plan"))
    var plan: String?

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print the contacts as vCards (RFC 6350, version 4.0).")
    var vcard = false

    @Option(help: "Output format: text or fhir (a Bundle).")
    var format: Format = .text

    func validate() throws {
        guard !vcard || format == .text else { throw ValidationError("--vcard and --format fhir: choose one") }
    }

    func run(in app: RegimenApp) throws {
        let context = try CareRecordsContext(app: app, surveys: surveys, storeOptions: storeOptions)
        var contacts = context.contents.contacts
        var plans = context.contents.plans
        if let plan {
            let chosen = try context.plan(named: plan)
            contacts = contacts.filter { $0.planID == chosen.id }
            plans = [chosen]
        }
        // Texts in the participant's language.
        let shown = contacts.map { contact in
            var contact = contact
            contact.title = context.translate(contact.title)
            contact.role = context.translate(contact.role)
            return contact
        }
        if vcard {
            print(ContactVCard.text(shown), terminator: "")
            return
        }
        switch format {
        case .fhir:
            let resources = shown.flatMap { CareFHIRExport.contact($0, patient: context.contents.patient) }
            print(JSONWriter.prettyText(CareFHIRExport.bundle(resources)), terminator: "")
        case .text:
            let style = TextStyle(
                color: context.workspace.environment.colorAllowed(
                    onTerminal: context.workspace.environment.stdoutIsTerminal))
            let renderer = CareTeamRenderer(words: context.words, style: style)
            let titles = Dictionary(plans.map { ($0.id, context.translate($0.title)) }) { first, _ in first }
            print(renderer.render(shown, planTitles: titles))
        }
    }
}
