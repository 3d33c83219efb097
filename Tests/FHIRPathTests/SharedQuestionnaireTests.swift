import FHIRPath
import Foundation
import RegimenFoundation
import Testing

/// The shared FHIR questionnaires (`../shared/fixtures/fhir`, docs/test-fixtures.md), read in place, never copied.
enum SharedQuestionnaires {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures/fhir").standardizedFileURL

    static let available = FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("lforms-phq9.json").path)

    /// Every questionnaire file of the folder and `more/`.
    static var files: [URL] {
        var found: [URL] = []
        for sub in ["", "more"] {
            let directory = sub.isEmpty ? folder : folder.appendingPathComponent(sub)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                found.append(directory.appendingPathComponent(name))
            }
        }
        return found
    }

    /// Every FHIRPath expression of a document: `expression` members of objects whose `language` is text/fhirpath.
    static func expressions(in value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            var found: [String] = []
            if members["language"] == .string("text/fhirpath"), case .string(let text)? = members["expression"] {
                found.append(text)
            }
            for (_, member) in members { found += expressions(in: member) }
            return found
        case .array(let items): return items.flatMap(expressions)
        default: return []
        }
    }
}

@Suite(
    "The shared SDC questionnaires' expressions parse and compute what their authors meant",
    .enabled(if: SharedQuestionnaires.available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
struct SharedQuestionnaireTests {
    @Test("Every text/fhirpath expression of every shared questionnaire parses")
    func everyExpressionParses() throws {
        var count = 0
        var failures: [String] = []
        for file in SharedQuestionnaires.files {
            let document = try JSONParser.parse(Data(contentsOf: file))
            for text in SharedQuestionnaires.expressions(in: document) {
                count += 1
                do {
                    _ = try FHIRPathExpression(parsing: text)
                } catch {
                    failures.append("\(file.lastPathComponent): \(error): \(text)")
                }
            }
        }
        #expect(count >= 16)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("lforms' PHQ-9 total, from its own variables and calculatedExpression, is the sum of the chosen scores")
    func phq9Total() throws {
        let data = try Data(contentsOf: SharedQuestionnaires.folder.appendingPathComponent("lforms-phq9.json"))
        guard case .object(let questionnaire) = try JSONParser.parse(data),
            case .array(let items)? = questionnaire["item"],
            case .object(let totalItem) = items[9], case .array(let extensions)? = totalItem["extension"]
        else {
            Issue.record("lforms-phq9.json is not shaped as expected")
            return
        }
        // Answer the nine questions with options 0, 1, 2, 3, 0, 1… and add up their ordinalValue scores.
        var answered: [JSONValue] = []
        var expected = Decimal(0)
        for (index, item) in items.prefix(9).enumerated() {
            guard case .object(let question) = item, case .array(let options)? = question["answerOption"],
                case .object(let option) = options[index % options.count], let coding = option["valueCoding"],
                case .array(let optionExtensions)? = option["extension"]
            else { continue }
            for case .object(let ext) in optionExtensions where ext["url"] == .string(Sample.ordinalValue) {
                if case .integer(let score)? = ext["valueDecimal"] { expected += Decimal(score) }
            }
            answered.append(
                .object(["linkId": question["linkId"] ?? .null, "answer": .array([.object(["valueCoding": coding])])]))
        }
        let response = FHIRPathResource(["resourceType": .string("QuestionnaireResponse"), "item": .array(answered)])
        var variables: [String: [FHIRPathValue]] = ["questionnaire": [FHIRPathResource(questionnaire).value]]
        var total: [FHIRPathValue] = []
        for case .object(let ext) in extensions {
            guard case .object(let expression)? = ext["valueExpression"],
                case .string(let text)? = expression["expression"]
            else { continue }
            let value = try FHIRPathExpression(parsing: text).evaluate(
                on: response, variables: variables, clock: Sample.clock)
            if case .string(let name)? = expression["name"] {
                variables[name] = value
            } else {
                total = value
            }
        }
        #expect(expected > 0)
        #expect(total == [.decimal(expected)])
    }
}
