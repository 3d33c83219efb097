import Catalog
import Foundation
import RegimenFoundation
import SystemPackage
import Testing
import Yams

@testable import FHIRInterchange

/// SDC expressions both ways (docs/fhir-import.md and docs/fhir-export.md, "Expressions"): calculatedExpression,
/// enableWhenExpression, initialExpression, variable and cqf-expression on text become the survey's `calculated:`,
/// `{ expression }` conditions, `initial:`, `variables:` and `{{ }}`; export writes them back; what the subset cannot
/// evaluate is a loss naming the item and why.
@Suite("SDC expressions through import and export")
struct ExpressionInterchangeTests {
    /// Tests/Fixtures/SDCExpressions: Questionnaires written for these tests after the SDC specification's examples.
    static let folder = SurveyFixtures.packageRoot.appendingPathComponent("Tests/Fixtures/SDCExpressions")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("\(name).json"), encoding: .utf8)
    }

    /// The catalog entry of an imported survey, loaded as `regimen validate` loads it.
    static func entry(_ imported: QuestionnaireImport) throws -> CatalogEntry {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fhir-expr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try imported.yaml.write(to: folder.appendingPathComponent("survey.yaml"), atomically: true, encoding: .utf8)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let catalog = try Catalog.load(directory: FilePath(folder.path), calendar: calendar)
        return try #require(catalog.entry(forTask: imported.taskIdentifier))
    }

    /// Every expression of a survey file, as `key: text` lines in file order (for comparing two imports).
    static func expressions(_ yaml: String) throws -> [String] {
        var found: [String] = []
        func walk(_ node: Node, key: String) {
            switch node {
            case .mapping(let mapping):
                for (name, value) in mapping { walk(value, key: name.string ?? "") }
            case .sequence(let sequence):
                for value in sequence { walk(value, key: key) }
            case .scalar(let scalar):
                if ["calculated", "initial", "expression"].contains(key) || scalar.string.contains("{{") {
                    found.append("\(key): \(scalar.string)")
                }
            default: break
            }
        }
        walk(try SurveyCheck.tree(yaml), key: "")
        return found
    }

    /// The Questionnaire export of `imported` as JSON text, and its losses.
    static func export(_ imported: QuestionnaireImport) throws -> (json: String, losses: [String]) {
        let export = QuestionnaireExport(entry: try entry(imported), timeZone: TimeZone(identifier: "UTC")!)
        return (JSONWriter.prettyText(export.resource), export.losses.map(\.description))
    }

    @Test("each SDC questionnaire imports without losses, validates, exports and re-imports with the same expressions")
    func roundTrip() throws {
        for name in ["sdc-bmi", "sdc-phq-total", "sdc-enable-initial"] {
            let imported = try SurveyCheck.importing(try Self.fixture(name))
            #expect(imported.losses.map(\.description) == [], "\(name)")
            #expect(try SurveyCheck.validationProblems(imported.yaml) == [], "\(name): \(imported.yaml)")
            let exported = try Self.export(imported)
            #expect(exported.losses == [], "\(name)")
            let again = try SurveyCheck.importing(exported.json)
            #expect(again.losses.map(\.description) == [], "\(name)")
            #expect(try SurveyCheck.validationProblems(again.yaml) == [], "\(name)")
            #expect(try Self.expressions(again.yaml) == Self.expressions(imported.yaml), "\(name)")
            #expect(try !Self.expressions(imported.yaml).isEmpty, "\(name)")
        }
    }

    @Test("the BMI: a task variable, a calculated item, a piped display")
    func bmi() throws {
        let imported = try SurveyCheck.importing(try Self.fixture("sdc-bmi"))
        let tree = try SurveyCheck.tree(imported.yaml)
        let variables = try #require(tree["variables"]?.sequence)
        #expect(variables.map { $0["name"]?.string } == ["heightM"])
        #expect(
            variables.first?["expression"]?.string == "%resource.item.where(linkId='height').answer.value / 100")
        let steps = try #require(tree["steps"]?.sequence)
        let bmi = try #require(steps.first { $0["question"]?.string == "bmi" })
        #expect(
            bmi["calculated"]?.string
                == "(%resource.item.where(linkId='weight').answer.value / (%heightM * %heightM)).round(1)")
        #expect(bmi["decimal"]?["fractionDigits"]?.int == 1)
        let said = try #require(steps.first { $0["instruction"]?.string == "bmi-said" })
        #expect(
            said["text"]?.string
                == "{{ 'Your BMI is ' & %resource.item.where(linkId='bmi').answer.value.toString() & '.' }}")
        let exported = try Self.export(imported)
        let resource = try JSONParser.parse(bytes: Array(exported.json.utf8))
        let root = FHIRShape.object(resource)
        let variable = FHIRShape.object(FHIRShape.array(root["extension"]).first)
        #expect(FHIRShape.string(variable["url"]) == "http://hl7.org/fhir/StructureDefinition/variable")
        #expect(FHIRShape.string(FHIRShape.object(variable["valueExpression"])["name"]) == "heightM")
        let items = FHIRShape.items(resource)
        let bmiItem = try #require(items.first { FHIRShape.string($0.item["linkId"]) == "bmi" }?.item)
        #expect(bmiItem["readOnly"] == .bool(true))
        let calculated = FHIRShape.array(bmiItem["extension"]).map(FHIRShape.object).first {
            FHIRShape.string($0["url"])?.hasSuffix("sdc-questionnaire-calculatedExpression") == true
        }
        let expression = FHIRShape.object(calculated?["valueExpression"])
        #expect(FHIRShape.string(expression["language"]) == "text/fhirpath")
        #expect(FHIRShape.emptiness(resource).isEmpty)
    }

    @Test("a calculated total is a calculated item, not a sum, and no extra total is added")
    func phqTotal() throws {
        let imported = try SurveyCheck.importing(try Self.fixture("sdc-phq-total"))
        let tree = try SurveyCheck.tree(imported.yaml)
        let steps = try #require(tree["steps"]?.sequence)
        let total = try #require(steps.first { $0["question"]?.string == "total" })
        #expect(total["calculated"]?.string?.contains("ordinal().sum()") == true)
        let outcomes = tree["outcomes"]?.sequence ?? []
        #expect(!outcomes.contains { $0["sum"] != nil })
    }

    @Test("enableWhenExpression: a skip rule on a top-level item, enabledWhen in a form; initialExpression: initial")
    func enableAndInitial() throws {
        let imported = try SurveyCheck.importing(try Self.fixture("sdc-enable-initial"))
        let tree = try SurveyCheck.tree(imported.yaml)
        let skip = try #require(tree["skip"]?.sequence?.first)
        #expect(skip["step"]?.string == "years")
        #expect(skip["when"]?["not"]?["expression"]?.string?.hasPrefix("%resource.item.where(linkId='smoker')") == true)
        let steps = try #require(tree["steps"]?.sequence)
        let years = try #require(steps.first { $0["question"]?.string == "years" })
        #expect(years["initial"]?.string == "%resource.item.where(linkId='age').answer.value - 18")
        let about = try #require(steps.first { $0["form"]?.string == "about" }?["items"]?.sequence)
        #expect(about.first { $0["id"]?.string == "why" }?["enabledWhen"]?["expression"]?.string != nil)
        // Export: a skip rule's expression comes back as the item's enableWhenExpression, not negated twice.
        let exported = try Self.export(imported)
        let resource = try JSONParser.parse(bytes: Array(exported.json.utf8))
        let yearsItem = try #require(
            FHIRShape.items(resource).first { FHIRShape.string($0.item["linkId"]) == "years" }?.item)
        let urls = FHIRShape.array(yearsItem["extension"]).map { FHIRShape.string(FHIRShape.object($0)["url"]) ?? "" }
        #expect(urls.contains { $0.hasSuffix("sdc-questionnaire-enableWhenExpression") })
        #expect(urls.contains { $0.hasSuffix("sdc-questionnaire-initialExpression") })
    }

    static func refusing(_ extensionJSON: String) -> String {
        """
        { "resourceType": "Questionnaire", "id": "refused", "status": "active",
          "item": [
            { "linkId": "a", "type": "integer", "text": "A" },
            { "linkId": "b", "type": "integer", "text": "B", "readOnly": true,
              "extension": [\(extensionJSON)] } ] }
        """
    }

    static func calculated(_ language: String, _ expression: String) -> String {
        """
        { "url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression",
          "valueExpression": { "language": "\(language)", "expression": "\(expression)" } }
        """
    }

    @Test("CQL, an unparseable expression, an unsupported function or variable, a path from the item: refused by item")
    func refusals() throws {
        let cases: [(String, String)] = [
            (Self.calculated("text/cql", "A + 1"), "item b: calculatedExpression: the language text/cql is not"),
            (
                Self.calculated("text/fhirpath", "%resource.item.where(linkId='a'"),
                "item b: calculatedExpression: "
            ),
            (
                Self.calculated("text/fhirpath", "%resource.item.where(linkId='a').answer.value.power(2)"),
                "item b: calculatedExpression: "
            ),
            (
                Self.calculated("text/fhirpath", "%questionnaire.item.count()"),
                "item b: calculatedExpression: %questionnaire is not supported"
            ),
            (
                Self.calculated("text/fhirpath", "%context.answer.value"),
                "item b: calculatedExpression: it starts from the item"
            ),
            (
                Self.calculated("text/fhirpath", "%resource.item.where(linkId='zz').answer.value"),
                "item b: calculatedExpression: no item has the linkId 'zz'"
            ),
        ]
        for (element, expected) in cases {
            let imported = try SurveyCheck.importing(Self.refusing(element))
            let lines = imported.losses.map(\.description)
            #expect(lines.contains { $0.hasPrefix(expected) }, "\(lines)")
            #expect(!imported.yaml.contains("calculated:"))
            #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
        }
        // The parser's own words: the column and the problem.
        let unknown = try SurveyCheck.importing(
            Self.refusing(Self.calculated("text/fhirpath", "%resource.item.answer.value.power(2)")))
        #expect(unknown.losses.first?.reason.contains("power") == true, "\(unknown.losses)")
    }

    @Test("a 1 MB expression and 10,000 nested parentheses are refused by the parser's limits, without a crash")
    func hostile() throws {
        let long = String(repeating: "1 + ", count: 250_000) + "1"
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        for text in [long, deep] {
            let imported = try SurveyCheck.importing(Self.refusing(Self.calculated("text/fhirpath", text)))
            #expect(imported.losses.first?.description.hasPrefix("item b: calculatedExpression: ") == true)
            #expect(imported.losses.first.map { $0.description.count < 400 } == true)
            #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
        }
    }

    @Test("a variable on an item becomes a task variable unless it starts from the item")
    func itemVariables() throws {
        let json = """
            { "resourceType": "Questionnaire", "id": "vars", "status": "active",
              "item": [
                { "linkId": "a", "type": "integer", "text": "A" },
                { "linkId": "b", "type": "integer", "text": "B",
                  "extension": [
                    { "url": "http://hl7.org/fhir/StructureDefinition/variable",
                      "valueExpression": { "name": "twice", "language": "text/fhirpath",
                                           "expression": "%resource.item.where(linkId='a').answer.value * 2" } },
                    { "url": "http://hl7.org/fhir/StructureDefinition/variable",
                      "valueExpression": { "name": "mine", "language": "text/fhirpath",
                                           "expression": "answer.value" } },
                    { "url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-initialExpression",
                      "valueExpression": { "language": "text/fhirpath", "expression": "%twice" } } ] } ] }
            """
        let imported = try SurveyCheck.importing(json)
        #expect(
            imported.losses.map(\.description) == [
                "item b: variable mine: it starts from the item (%context, or a path without %resource), which a survey evaluates on the whole response; left out"
            ])
        let tree = try SurveyCheck.tree(imported.yaml)
        #expect(tree["variables"]?.sequence?.map { $0["name"]?.string } == ["twice"])
        #expect(try SurveyCheck.validationProblems(imported.yaml) == [])
    }

    @Test("a piped text among other words is exported as written and listed; a score outcome is listed")
    func exportLosses() throws {
        let yaml = """
            id: piped
            title: Piped
            steps:
              - question: a
                questionText: A
                integer: {}
              - question: b
                questionText: "You said {{ %a }}. And now?"
                integer: {}
              - question: c
                questionText: Again?
                singleChoice: { choices: [{ text: "{{ %a }} again", value: 1 }, { text: Other, value: 2 }] }
            outcomes:
              - { kind: piped.total, score: "%items.sum()", missing: { items: [a, b] } }

            """
        let entry = try Self.entry(QuestionnaireImport(yaml: yaml, taskIdentifier: "piped", losses: []))
        let export = QuestionnaireExport(entry: entry, timeZone: TimeZone(identifier: "UTC")!)
        let lines = export.losses.map(\.description)
        #expect(lines.contains { $0.hasPrefix("item b: its text pipes {{ }} among other words") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("outcome piped.total: a score expression") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("item c: a choice's text pipes {{ }}") }, "\(lines)")
    }
}
