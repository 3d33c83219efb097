import ArgumentParser
import CareModel
import Catalog
import FHIRInterchange
import Foundation
import ParticipantWords
import RegimenFoundation

/// `regimen plans [--format text|fhir]`: the care plans, their dates and tasks.
struct PlansCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "plans", abstract: "List the care plans with their dates and tasks.",
        discussion: """
            --format fhir prints a FHIR R4 Bundle: a CarePlan per plan, each activity naming its task's exported \
            Questionnaire (the url|version survey export writes), the contacts as Practitioner, PractitionerRole or \
            RelatedPerson resources, and the Patient. See docs/care-plans.md.
            """)

    /// What is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case fhir
    }

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "Output format: text or fhir (a Bundle).")
    var format: Format = .text

    func run(in app: RegimenApp) throws {
        let context = try CareRecordsContext(app: app, surveys: surveys, storeOptions: storeOptions)
        let catalog = try context.workspace.loadCatalog(surveys).catalog
        let environment = context.workspace.environment
        let contents = context.contents
        switch format {
        case .fhir:
            var resources: [JSONValue] = contents.plans.map { plan in
                let tasks = catalog.entries.filter { $0.care.planID == plan.id }.map {
                    CareFHIRExport.PlannedTask(title: $0.title, entry: $0)
                }
                return CareFHIRExport.carePlan(
                    plan, tasks: tasks, contacts: contents.contacts.filter { $0.planID == plan.id },
                    patient: contents.patient, now: context.now, timeZone: environment.timeZone)
            }
            resources += contents.contacts.flatMap { CareFHIRExport.contact($0, patient: contents.patient) }
            if let patient = contents.patient { resources.append(CareFHIRExport.patient(patient)) }
            print(JSONWriter.prettyText(CareFHIRExport.bundle(resources)), terminator: "")
        case .text:
            let calendar = environment.calendar
            var lines: [String] = []
            for plan in contents.plans {
                var heading = context.translate(plan.title)
                let start = plan.start.map { DayText.iso($0, calendar: calendar) }
                let last = plan.end.map { DayText.iso($0.addingTimeInterval(-1), calendar: calendar) }
                if start != nil || last != nil { heading += "  \(start ?? "…") – \(last ?? "…")" }
                if plan.hasEnded(by: context.now), let last { heading = context.words(.planEnded, heading, last) }
                lines.append(heading)
                for entry in catalog.entries where entry.care.planID == plan.id {
                    lines.append("  \(entry.taskIdentifier)  \(entry.title)")
                }
            }
            print(lines.isEmpty ? context.words(.noCarePlans) : lines.joined(separator: "\n"))
        }
    }
}
