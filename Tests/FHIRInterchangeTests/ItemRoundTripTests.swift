import Catalog
import Foundation
import RegimenFoundation
import ResearchTasks
import SystemPackage
import Testing

@testable import FHIRInterchange

/// Import then export gives back what a Questionnaire item says besides its answer format (issue 50, item 2;
/// docs/fhir-import.md and docs/fhir-export.md): a prefix apart from the text, `repeats: false`, a group's code,
/// quantity and url items with their answers, an id the task id cannot hold, and enableWhen comparing strings.
@Suite("FHIR round trips keep prefixes, repeats, group codes, quantities, urls, ids and string comparisons")
struct ItemRoundTripTests {
    private let utc = TimeZone(identifier: "UTC")!
    private let start = Date(timeIntervalSince1970: 1_795_000_000)

    static let questionnaire = """
        { "resourceType": "Questionnaire", "id": "intake form", "status": "active", "title": "Intake",
          "item": [
            { "linkId": "intro", "type": "display", "prefix": "1", "text": "Welcome" },
            { "linkId": "diagnosis", "type": "string", "prefix": "4.1", "text": "Diagnosis" },
            { "linkId": "g", "type": "group", "prefix": "5", "text": "Details",
              "code": [{ "system": "http://loinc.org", "code": "73741-1", "display": "Baby" }],
              "item": [
                { "linkId": "topping", "type": "choice", "prefix": "5.1", "text": "Topping",
                  "extension": [{ "url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
                    "valueCodeableConcept": { "coding": [{ "system": "http://hl7.org/fhir/questionnaire-item-control", "code": "check-box" }] } }],
                  "answerOption": [{ "valueCoding": { "system": "urn:t", "code": "nuts", "display": "Nuts" } },
                                   { "valueCoding": { "system": "urn:t", "code": "candy", "display": "Candy" } }] },
                { "linkId": "inner", "type": "group", "text": "Inner",
                  "code": [{ "system": "http://loinc.org", "code": "54108-6" }],
                  "item": [{ "linkId": "weight", "type": "quantity", "text": "Weight",
                    "extension": [{ "url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unit",
                      "valueCoding": { "system": "http://unitsofmeasure.org", "code": "g", "display": "gram" } }] }] } ] },
            { "linkId": "site", "type": "url", "text": "Web site" },
            { "linkId": "later", "type": "boolean", "text": "Later?",
              "enableWhen": [{ "question": "diagnosis", "operator": ">", "answerString": "M" }] } ] }
        """

    /// The import of `json`, its catalog entry as `regimen validate` loads it, and the exported Questionnaire.
    private func roundTrip(_ json: String) throws -> (
        imported: QuestionnaireImport, entry: CatalogEntry, exported: JSONValue
    ) {
        let imported = try SurveyCheck.importing(json)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fhir-items-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try imported.yaml.write(to: folder.appendingPathComponent("survey.yaml"), atomically: true, encoding: .utf8)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let entry = try #require(
            try Catalog.load(directory: FilePath(folder.path), calendar: calendar).entry(
                forTask: imported.taskIdentifier))
        return (imported, entry, QuestionnaireExport(entry: entry, timeZone: utc).resource)
    }

    private func item(_ resource: JSONValue, _ linkId: String) throws -> JSONObject {
        try #require(FHIRShape.items(resource).first { FHIRShape.string($0.item["linkId"]) == linkId }?.item)
    }

    @Test(
        "the whole example imports strictly, validates, and every item comes back with its type, prefix, text, repeats and codes"
    )
    func strictAndComplete() throws {
        let (imported, _, exported) = try roundTrip(Self.questionnaire)
        #expect(imported.losses.isEmpty)
        #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
        #expect(
            FHIRShape.items(exported).compactMap { FHIRShape.string($0.item["linkId"]) } == [
                "intro", "diagnosis", "g", "topping", "inner", "weight", "site", "later",
            ])
        #expect(FHIRShape.emptiness(exported).isEmpty)
    }

    @Test(
        "a prefix stays apart from the text on a display, a question, a group and a form item; the terminal shows it before the text"
    )
    func prefix() throws {
        let (imported, entry, exported) = try roundTrip(Self.questionnaire)
        #expect(imported.yaml.contains("prefix: '4.1'") || imported.yaml.contains("prefix: \"4.1\""))
        for (linkId, prefix, text) in [
            ("intro", "1", "Welcome"), ("diagnosis", "4.1", "Diagnosis"), ("g", "5", "Details"),
            ("topping", "5.1", "Topping"),
        ] {
            let exportedItem = try item(exported, linkId)
            #expect(FHIRShape.string(exportedItem["prefix"]) == prefix, "\(linkId)")
            #expect(FHIRShape.string(exportedItem["text"]) == text, "\(linkId)")
        }
        let diagnosis = try #require(entry.task.steps.first { $0.identifier == "diagnosis" })
        #expect(diagnosis.fhir.shown(diagnosis.title) == "4.1 Diagnosis")
    }

    @Test("a check-box choice without repeats is one answer, and comes back without repeats and with its itemControl")
    func repeatsFalse() throws {
        let (imported, entry, exported) = try roundTrip(Self.questionnaire)
        #expect(imported.yaml.contains("singleChoice"))
        #expect(!imported.yaml.contains("multipleChoice"))
        let form = try #require(entry.task.steps.first { $0.identifier == "g" })
        guard case .form(let content) = form.content else {
            Issue.record("not a form")
            return
        }
        #expect(content.items.first { $0.identifier == "topping" }?.fhir.itemControl == "check-box")
        let topping = try item(exported, "topping")
        #expect(topping["repeats"] == nil)
        let control = FHIRShape.array(topping["extension"]).map(FHIRShape.object)
            .first { FHIRShape.string($0["url"])?.hasSuffix("questionnaire-itemControl") == true }
        let coding = FHIRShape.object(
            FHIRShape.array(FHIRShape.object(control?["valueCodeableConcept"])["coding"]).first)
        #expect(FHIRShape.string(coding["code"]) == "check-box")
    }

    @Test("a group's code comes back on the form and on a nested group")
    func groupCodes() throws {
        let (_, _, exported) = try roundTrip(Self.questionnaire)
        for (linkId, code) in [("g", "73741-1"), ("inner", "54108-6")] {
            let codes = FHIRShape.array(try item(exported, linkId)["code"]).map(FHIRShape.object)
            #expect(codes.map { FHIRShape.string($0["code"]) } == [code], "\(linkId)")
            #expect(codes.map { FHIRShape.string($0["system"]) } == ["http://loinc.org"], "\(linkId)")
        }
    }

    @Test("a quantity is a decimal in its unit: exported as quantity with its unit, answered as valueQuantity")
    func quantity() throws {
        let (imported, entry, exported) = try roundTrip(Self.questionnaire)
        #expect(imported.yaml.contains("fhirType: quantity"))
        let weight = try item(exported, "weight")
        #expect(FHIRShape.string(weight["type"]) == "quantity")
        #expect(
            FHIRShape.array(weight["extension"]).map(FHIRShape.object).contains {
                FHIRShape.string($0["url"])?.hasSuffix("questionnaire-unit") == true
            })
        let response = ResponseExport.resource(
            result(entry, ["weight": .numeric(.decimal(3250))]), entry: entry, status: .completed, timeZone: utc)
        let answer = FHIRShape.object(FHIRShape.array(try item(response, "weight")["answer"]).first)
        #expect(FHIRShape.choiceNames(answer, prefix: "value") == ["valueQuantity"])
        let quantity = FHIRShape.object(answer["valueQuantity"])
        #expect(quantity["value"] == .double(3250) || quantity["value"] == .integer(3250))
        #expect(FHIRShape.string(quantity["code"]) == "g")
        #expect(FHIRShape.string(quantity["system"]) == "http://unitsofmeasure.org")
        #expect(FHIRShape.string(quantity["unit"]) == "gram")
    }

    @Test("a url is free text that must be a URL: exported as url without a regex, answered as valueUri")
    func url() throws {
        let (imported, entry, exported) = try roundTrip(Self.questionnaire)
        #expect(imported.yaml.contains("fhirType: url"))
        let step = try #require(entry.task.steps.first { $0.identifier == "site" })
        guard case .question(let question) = step.content else {
            Issue.record("not a question")
            return
        }
        let context = AnswerParsingContext(calendar: Calendar(identifier: .gregorian), now: start)
        #expect(throws: Never.self) { try question.answerFormat.parse("https://example.org/a", context: context).get() }
        #expect(throws: (any Error).self) { try question.answerFormat.parse("not a url", context: context).get() }
        let site = try item(exported, "site")
        #expect(FHIRShape.string(site["type"]) == "url")
        #expect(site["extension"] == nil, "the url pattern is the type's, not a regex of the item")
        let response = ResponseExport.resource(
            result(entry, ["site": .text("https://example.org/a")]), entry: entry, status: .completed, timeZone: utc)
        let answer = FHIRShape.object(FHIRShape.array(try item(response, "site")["answer"]).first)
        #expect(FHIRShape.string(answer["valueUri"]) == "https://example.org/a")
    }

    @Test("an id with a space imports strictly, is kept in the fhir block and written back; the task id has a dash")
    func idWithSpace() throws {
        let (imported, entry, exported) = try roundTrip(Self.questionnaire)
        #expect(imported.taskIdentifier == "intake-form")
        #expect(entry.fhir?.id == "intake form")
        #expect(FHIRShape.string(FHIRShape.object(exported)["id"]) == "intake form")
    }

    @Test(
        "enableWhen with > on a string answer is textInRange, run in code point order, and exported as the same test",
        arguments: [(">", "M"), (">=", "M"), ("<", "M"), ("<=", "M")])
    func stringComparison(_ comparison: String, _ bound: String) throws {
        let json = Self.questionnaire.replacingOccurrences(
            of: "\"operator\": \">\", \"answerString\": \"M\"",
            with: "\"operator\": \"\(comparison)\", \"answerString\": \"\(bound)\"")
        let (imported, entry, exported) = try roundTrip(json)
        #expect(imported.losses.isEmpty)
        #expect(imported.yaml.contains("textInRange"))
        let enableWhen = FHIRShape.array(try item(exported, "later")["enableWhen"]).map(FHIRShape.object)
        #expect(enableWhen.map { FHIRShape.string($0["operator"]) } == [comparison])
        #expect(enableWhen.map { FHIRShape.string($0["answerString"]) } == [bound])
        #expect(enableWhen.map { FHIRShape.string($0["question"]) } == ["diagnosis"])
        // The skip rule asks "later" exactly when the diagnosis compares as FHIR says, by code point ("Z" < "a" < "é").
        let rule = try #require(entry.task.skipRules["later"])
        for answer in ["A", "M", "Mb", "Z", "a", "é"] {
            let diagnosis = StepResult(
                identifier: "diagnosis", startDate: start, endDate: start,
                results: [
                    .question(
                        .make(
                            "diagnosis", format: .text(TextFormat()), answer: .text(answer), start: start, end: start,
                            timeZone: utc))
                ])
            let result = TaskResult(
                identifier: entry.taskIdentifier, taskRunUUID: UUID(), startDate: start, endDate: start,
                results: [diagnosis])
            let asked = !rule.predicate.evaluate(in: result)
            let expected =
                switch comparison {
                case ">":
                    answer.unicodeScalars.lexicographicallyPrecedes("M".unicodeScalars, by: { $0.value < $1.value })
                        == false && answer != "M"
                case ">=":
                    !answer.unicodeScalars.lexicographicallyPrecedes("M".unicodeScalars, by: { $0.value < $1.value })
                case "<":
                    answer.unicodeScalars.lexicographicallyPrecedes("M".unicodeScalars, by: { $0.value < $1.value })
                default:
                    answer.unicodeScalars.lexicographicallyPrecedes("M".unicodeScalars, by: { $0.value < $1.value })
                        || answer == "M"
                }
            #expect(asked == expected, "\(answer) \(comparison) M")
        }
    }

    /// A result of `entry`'s task where each listed question got its answer.
    private func result(_ entry: CatalogEntry, _ answers: [String: Answer]) -> TaskResult {
        var steps: [StepResult] = []
        for step in entry.task.steps {
            let questions: [(String, AnswerFormat)] =
                switch step.content {
                case .question(let question): [(step.identifier, question.answerFormat)]
                case .form(let form): form.items.map { ($0.identifier, $0.answerFormat) }
                default: []
                }
            let children: [ChildResult] = questions.compactMap { identifier, format in
                answers[identifier].map {
                    .question(.make(identifier, format: format, answer: $0, start: start, end: start, timeZone: utc))
                }
            }
            if !children.isEmpty {
                steps.append(
                    StepResult(identifier: step.identifier, startDate: start, endDate: start, results: children))
            }
        }
        return TaskResult(
            identifier: entry.taskIdentifier, taskRunUUID: UUID(), startDate: start, endDate: start, results: steps)
    }
}
