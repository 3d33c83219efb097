import Catalog
import FHIRInterchange
import Foundation
import RegimenFoundation
import ResearchTasks
import Testing

@Suite("Export of a survey written with the survey format's FHIR keys (Tests/Fixtures/FHIRSurveys/coded.yaml)")
struct CodedSurveyExportTests {
    private let utc = TimeZone(identifier: "UTC")!

    private func entry() throws -> CatalogEntry {
        try #require(try SurveyFixtures.coded().entry(forTask: "coded"))
    }

    /// The extension of `item` with this URL's last path part.
    private func extensionNamed(_ name: String, in item: JSONObject) -> JSONObject? {
        FHIRShape.array(item["extension"]).map(FHIRShape.object).first {
            FHIRShape.string($0["url"])?.hasSuffix("/" + name) == true
        }
    }

    @Test(
        "the fhir block, item codes, coded and scored options, time options, unit codes, nested groups and enableWhen")
    func questionnaire() throws {
        let export = QuestionnaireExport(entry: try entry(), timeZone: utc)
        #expect(FHIRShape.emptiness(export.resource).isEmpty)
        #expect(export.losses.isEmpty)
        let questionnaire = FHIRShape.object(export.resource)
        #expect(questionnaire["url"] == .string("http://example.org/Questionnaire/coded"))
        #expect(questionnaire["version"] == .string("1.1"))
        #expect(questionnaire["name"] == .string("CodedCheck") && questionnaire["status"] == .string("draft"))
        #expect(FHIRShape.array(questionnaire["code"]).count == 1)
        let items = FHIRShape.items(export.resource)
        #expect(
            items.map { $0.path.joined(separator: "/") } == [
                "coded.intro", "coded.mood", "coded.body", "coded.body/coded.body.weight",
                "coded.body/coded.body.sleep",
                "coded.body/coded.body.sleep/coded.body.sleep.slept",
                "coded.body/coded.body.sleep/coded.body.sleep.more",
                "coded.body/coded.body.sleep/coded.body.sleep.more/coded.body.sleep.hours",
                "coded.body/coded.body.sleep/coded.body.sleep.more/coded.body.sleep.woke", "coded.body/coded.body.note",
            ])
        let byId = Dictionary(uniqueKeysWithValues: items.map { ($0.path.last!, $0.item) })
        let mood = try #require(byId["coded.mood"])
        #expect(FHIRShape.object(FHIRShape.array(mood["code"]).first)["code"] == .string("44250-9"))
        let options = FHIRShape.array(mood["answerOption"]).map(FHIRShape.object)
        #expect(
            options.map { FHIRShape.object($0["valueCoding"])["code"] } == [
                .string("LA6568-5"), .string("LA6569-3"), .string("LA6571-9"),
            ])
        #expect(
            options.map { extensionNamed("ordinalValue", in: $0)?["valueDecimal"] } == [
                .double(0), .double(1), .double(3),
            ])
        let woke = FHIRShape.array(byId["coded.body.sleep.woke"]?["answerOption"]).map(FHIRShape.object)
        #expect(woke.map { $0["valueTime"] } == [.string("06:00:00"), .string("08:00:00")])
        let unit = extensionNamed("questionnaire-unit", in: try #require(byId["coded.body.weight"]))
        #expect(
            unit?["valueCoding"]
                == .object([
                    "system": .string("http://unitsofmeasure.org"), "code": .string("kg"),
                    "display": .string("kilogram"),
                ]))
        #expect(byId["coded.body.sleep.more"]?["type"] == .string("group"))
        #expect(
            FHIRShape.array(byId["coded.body.sleep.more"]?["enableWhen"]) == [
                .object([
                    "question": .string("coded.body.sleep.slept"), "operator": .string("="),
                    "answerBoolean": .bool(false),
                ])
            ])
        // minExclusive: strictly above 100.
        #expect(
            FHIRShape.array(byId["coded.body.note"]?["enableWhen"]) == [
                .object([
                    "question": .string("coded.body.weight"), "operator": .string(">"), "answerDecimal": .double(100),
                ])
            ])
    }

    @Test(
        "the response nests answers in the groups; a group with nothing answered is absent; codings and times as options"
    )
    func response() throws {
        let entry = try entry()
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        func question(_ identifier: String, _ answer: Answer?) throws -> ChildResult {
            let format = try #require(
                entry.task.steps.flatMap { step -> [FormItem] in
                    if case .form(let form) = step.content { form.items } else { [] }
                }.first { $0.identifier == identifier }?.answerFormat)
            return .question(.make(identifier, format: format, answer: answer, start: start, end: start, timeZone: utc))
        }
        let moodFormat: AnswerFormat = try #require(
            entry.task.steps.compactMap { step -> AnswerFormat? in
                if case .question(let content) = step.content { content.answerFormat } else { nil }
            }.first)
        let tree = TaskResult(
            identifier: "coded", taskRunUUID: UUID(), startDate: start, endDate: start,
            results: [
                StepResult(
                    identifier: "coded.mood", startDate: start, endDate: start,
                    results: [
                        .question(
                            .make(
                                "coded.mood", format: moodFormat, answer: .choices([.string("LA6571-9")]), start: start,
                                end: start, timeZone: utc))
                    ]),
                StepResult(
                    identifier: "coded.body", startDate: start, endDate: start,
                    results: [
                        try question("coded.body.weight", nil), try question("coded.body.sleep.slept", .boolean(true)),
                        try question("coded.body.sleep.hours", nil), try question("coded.body.sleep.woke", nil),
                        try question("coded.body.note", nil),
                    ]),
            ])
        let response = ResponseExport.resource(tree, entry: entry, status: .completed, timeZone: utc)
        #expect(FHIRShape.emptiness(response).isEmpty)
        #expect(FHIRShape.responseProblems(response).isEmpty)
        #expect(FHIRShape.object(response)["questionnaire"] == .string("http://example.org/Questionnaire/coded|1.1"))
        let items = FHIRShape.items(response)
        #expect(
            items.map { $0.path.joined(separator: "/") } == [
                "coded.mood", "coded.body", "coded.body/coded.body.sleep",
                "coded.body/coded.body.sleep/coded.body.sleep.slept",
            ])
        #expect(
            FHIRShape.array(items[0].item["answer"]) == [
                .object([
                    "valueCoding": .object([
                        "system": .string("http://loinc.org"), "code": .string("LA6571-9"),
                        "display": .string("Nearly every day"),
                    ])
                ])
            ])
    }

    @Test(
        "a run answered as the shared pair's response exports that response's items exactly",
        .enabled(
            if: FileManager.default.fileExists(atPath: SurveyFixtures.pairResponse.path),
            "skipped: ../shared/fixtures/fhir/pair is absent from this checkout"))
    func pair() throws {
        let entry = try #require(try SurveyFixtures.coded().entry(forTask: "yesno"))
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let answers: [[ChoiceValue]] = [
            [.string("Y")], [.string("N"), .string("Y")], [.string("Y")], [.string("N"), .string("Y")],
            [.string("offlist answer 1")], [.string("Y"), .string("offlist answer 2")],
        ]
        let steps = zip(entry.task.steps, answers).map { step, chosen in
            guard case .question(let question) = step.content else {
                return StepResult(identifier: step.identifier, startDate: start, endDate: start)
            }
            return StepResult(
                identifier: step.identifier, startDate: start, endDate: start,
                results: [
                    .question(
                        .make(
                            step.identifier, format: question.answerFormat, answer: .choices(chosen), start: start,
                            end: start, timeZone: utc))
                ])
        }
        let tree = TaskResult(
            identifier: "yesno", taskRunUUID: UUID(), startDate: start, endDate: start, results: steps)
        let response = ResponseExport.resource(tree, entry: entry, status: .completed, timeZone: utc)
        let reference = try JSONParser.parse(Data(contentsOf: SurveyFixtures.pairResponse))
        #expect(FHIRShape.object(response)["item"] == FHIRShape.object(reference)["item"])
        #expect(FHIRShape.responseProblems(reference).isEmpty, "the shape checks accept the reference response")
    }
}
