import Catalog
import FHIRInterchange
import Foundation
import RegimenFoundation
import ResearchTasks
import Testing

@Suite("Questionnaire export of the shipped surveys")
struct QuestionnaireExportTests {
    private let utc = TimeZone(identifier: "UTC")!

    @Test("checkin: a required group of two integer sliders; url and version from the task id and the file digest")
    func checkin() throws {
        let entry = try SurveyFixtures.entry("checkin")
        let export = QuestionnaireExport(entry: entry, timeZone: utc)
        let questionnaire = FHIRShape.object(export.resource)
        #expect(FHIRShape.emptiness(export.resource).isEmpty)
        #expect(FHIRShape.string(questionnaire["resourceType"]) == "Questionnaire")
        #expect(FHIRShape.string(questionnaire["status"]) == "active")
        #expect(FHIRShape.string(questionnaire["url"]) == "http://regimen.local/Questionnaire/checkin")
        #expect(FHIRShape.string(questionnaire["version"]) == String(entry.digest.prefix(12)))
        let items = FHIRShape.items(export.resource)
        #expect(
            items.map { $0.path.joined(separator: "/") } == [
                "checkin.form", "checkin.form/checkin.form.pain", "checkin.form/checkin.form.sleep",
            ])
        #expect(items.map { FHIRShape.string($0.item["type"]) } == ["group", "integer", "integer"])
        #expect(items.allSatisfy { $0.item["required"] == .bool(true) })
        let pain = items[1].item
        let extensions = FHIRShape.array(pain["extension"]).map(FHIRShape.object)
        let minimum = extensions.first {
            FHIRShape.string($0["url"]) == "http://hl7.org/fhir/StructureDefinition/minValue"
        }
        #expect(minimum?["valueInteger"] == .integer(1))
        #expect(export.losses.isEmpty)
    }

    @Test("tour: every answer format maps to its FHIR type; navigation is reported; the skip rule becomes enableWhen")
    func tour() throws {
        let export = QuestionnaireExport(entry: try SurveyFixtures.entry("tour"), timeZone: utc)
        #expect(FHIRShape.emptiness(export.resource).isEmpty)
        let items = Dictionary(uniqueKeysWithValues: FHIRShape.items(export.resource).map { ($0.path.last!, $0.item) })
        let types = items.mapValues { FHIRShape.string($0["type"]) ?? "" }
        #expect(
            types == [
                "tour.intro": "display", "tour.feeling": "choice", "tour.trouble": "open-choice",
                "tour.walked": "boolean",
                "tour.walk.minutes": "decimal", "tour.details": "group", "tour.details.section.1": "display",
                "tour.details.effort": "integer", "tour.details.mood": "decimal", "tour.details.energy": "choice",
                "tour.details.steps": "integer", "tour.details.weight": "decimal", "tour.details.section.2": "display",
                "tour.details.note": "text", "tour.details.code": "string", "tour.details.side": "choice",
                "tour.details.section.3": "display", "tour.details.surgery": "date",
                "tour.details.appointment": "dateTime",
                "tour.details.bedtime": "time", "tour.done": "display",
            ])
        #expect(items["tour.trouble"]?["repeats"] == .bool(true))
        // The "other" choice is the open part of open-choice: four options remain; a labeled value is a Coding.
        let options = FHIRShape.array(items["tour.trouble"]?["answerOption"]).map(FHIRShape.object)
        #expect(options.count == 4)
        let pain = FHIRShape.object(options[0]["valueCoding"])
        #expect(pain["code"] == .string("pain") && pain["display"] == .string("Pain"))
        // The tour is translated (docs/languages.md): the label carries its ja and zh-Hans texts as extensions.
        #expect(Set(pain.keys) == ["code", "display", "_display"])
        // A value that is its own text stays a string.
        let side = FHIRShape.array(items["tour.details.side"]?["answerOption"]).map(FHIRShape.object)
        #expect(side.map { $0["valueString"] } == [.string("Left"), .string("Right"), .string("Both")])
        // Skip the walk's minutes when no walk: enabled when the walk answer is not false.
        let enable = FHIRShape.array(items["tour.walk.minutes"]?["enableWhen"]).map(FHIRShape.object)
        #expect(
            enable == [["question": .string("tour.walked"), "operator": .string("!="), "answerBoolean": .bool(false)]])
        #expect(items["tour.walk.minutes"]?["enableBehavior"] == nil)
        #expect(export.losses == [.navigationRule(after: "tour.feeling"), .navigationRule(after: "tour.walked")])
        // The weight's unit is UCUM kg.
        let weightUnit = FHIRShape.array(items["tour.details.weight"]?["extension"]).map(FHIRShape.object)
            .first { FHIRShape.string($0["url"]) == "http://hl7.org/fhir/StructureDefinition/questionnaire-unit" }
        #expect(FHIRShape.object(weightUnit?["valueCoding"])["code"] == .string("kg"))
    }

    @Test("measuring and consent steps are reported as left out, and every shipped survey still exports")
    func rangeOfMotion() throws {
        let catalog = try SurveyFixtures.shipped()
        for entry in catalog.entries {
            let export = QuestionnaireExport(entry: entry, timeZone: utc)
            #expect(FHIRShape.emptiness(export.resource).isEmpty, "\(entry.taskIdentifier)")
            let leftOut = entry.task.steps.filter { step in
                switch step.content {
                case .rangeOfMotion, .consentReview: true
                default: false
                }
            }.map(\.identifier)
            let reported = export.losses.compactMap { loss -> String? in
                if case .stepLeftOut(let step, _) = loss { step } else { nil }
            }
            #expect(reported == leftOut, "\(entry.taskIdentifier)")
        }
    }
}
