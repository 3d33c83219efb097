import Catalog
import Foundation
import RegimenFoundation
import ResearchTasks
import SystemPackage
import Testing

@testable import FHIRInterchange

/// A linkId the survey id syntax forbids is kept as `linkId:` by import and given back by export: in Questionnaire
/// items, QuestionnaireResponse items and enableWhen `question` (docs/fhir-import.md, "Ids"; docs/fhir-export.md,
/// "Round trip with import").
@Suite("linkIds kept through import and export")
struct LinkIdRoundTripTests {
    private let utc = TimeZone(identifier: "UTC")!

    /// The catalog entry of the imported survey, loaded as `regimen validate` loads it.
    private func entry(_ imported: QuestionnaireImport) throws -> CatalogEntry {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fhir-linkid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try imported.yaml.write(to: folder.appendingPathComponent("survey.yaml"), atomically: true, encoding: .utf8)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let catalog = try Catalog.load(directory: FilePath(folder.path), calendar: calendar)
        return try #require(catalog.entry(forTask: imported.taskIdentifier))
    }

    /// Imports the shared fixture `name` (read in place).
    private func importFixture(_ name: String) throws -> QuestionnaireImport {
        let url = try #require(FHIRFixtures.questionnaires[name])
        return try QuestionnaireImporter().importQuestionnaire(
            Array(try Data(contentsOf: url)), fallbackIdentifier: name)
    }

    /// The exported items' linkIds, depth first.
    private func linkIds(_ resource: JSONValue) -> [String] {
        FHIRShape.items(resource).compactMap { FHIRShape.string($0.item["linkId"]) }
    }

    static let phq9LinkIds = [
        "/44250-9", "/44255-8", "/44259-0", "/44254-1", "/44251-7", "/44258-2", "/44252-5", "/44253-3", "/44260-8",
        "/69722-7",
    ]

    @Test(
        "PHQ-9 loses only its total's expressions, its steps keep the original linkIds, and export gives them back",
        .enabled(if: FHIRFixtures.available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func phq9() throws {
        let imported = try importFixture("lforms-phq9")
        // Only the total's expressions, which read %questionnaire, are lost (FixtureImportTests lists them).
        #expect(imported.losses.allSatisfy { $0.subject == .item("/44261-6") })
        #expect(imported.yaml.contains("question: 44250-9\n  linkId: /44250-9\n"))
        let export = QuestionnaireExport(entry: try entry(imported), timeZone: utc)
        // The calculated total /44261-6 becomes a sum outcome, not an item (docs/fhir-import.md, "Outcomes and
        // scores").
        #expect(linkIds(export.resource) == Self.phq9LinkIds)
        #expect(FHIRShape.emptiness(export.resource).isEmpty)
    }

    @Test(
        "androidfhir-baby: groups and their nested items come back with their original linkIds",
        .enabled(if: FHIRFixtures.available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func baby() throws {
        let imported = try importFixture("androidfhir-baby")
        #expect(imported.losses.allSatisfy { !$0.description.contains("linkId") })
        let export = QuestionnaireExport(entry: try entry(imported), timeZone: utc)
        // Help display items become the detail text of their parent, not items.
        #expect(
            linkIds(export.resource) == [
                "/57700-7", "/58232-0", "/54106-0",
                "/73741-1", "/73741-1/54108-6", "/73741-1/73740-3", "/73741-1/73739-5",
                "/73744-5", "/73744-5/54109-4", "/73744-5/73743-7", "/73744-5/73742-9",
            ])
    }

    @Test(
        "a response to an imported PHQ-9 run names its items by the original linkIds",
        .enabled(if: FHIRFixtures.available, "skipped: ../shared/fixtures/fhir is absent from this checkout"))
    func phq9Response() throws {
        let entry = try entry(try importFixture("lforms-phq9"))
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        var steps: [StepResult] = []
        for step in entry.task.steps {
            guard case .question(let question) = step.content, let first = question.answerFormat.choices?.first else {
                continue
            }
            let answer = QuestionResult.make(
                step.identifier, format: question.answerFormat, answer: .choices([first.value]), start: start,
                end: start, timeZone: utc)
            steps.append(
                StepResult(identifier: step.identifier, startDate: start, endDate: start, results: [.question(answer)]))
        }
        let result = TaskResult(
            identifier: entry.taskIdentifier, taskRunUUID: UUID(uuidString: "6F1C3C5E-0B0A-4C55-9C64-1E1B2A3C4D5E")!,
            startDate: start, endDate: start, results: steps)
        let response = ResponseExport.resource(result, entry: entry, status: .completed, timeZone: utc)
        #expect(linkIds(response) == Self.phq9LinkIds)
        #expect(FHIRShape.responseProblems(response).isEmpty)
    }

    @Test("enableWhen names the original linkId of the question it reads, in a form and at the top level")
    func enableWhen() throws {
        let imported = try SurveyCheck.importing(
            """
            { "resourceType": "Questionnaire", "id": "q", "item": [
              { "linkId": "/a", "type": "boolean" },
              { "linkId": "/b", "type": "string", "enableWhen": [{ "question": "/a", "operator": "=", "answerBoolean": true }] },
              { "linkId": "/g", "type": "group", "item": [
                { "linkId": "/g/c", "type": "boolean" },
                { "linkId": "/g/d", "type": "string", "enableWhen": [{ "question": "/g/c", "operator": "=", "answerBoolean": true }] } ] } ] }
            """)
        #expect(imported.losses.isEmpty)
        let export = QuestionnaireExport(entry: try entry(imported), timeZone: utc)
        let items = FHIRShape.items(export.resource)
        #expect(items.compactMap { FHIRShape.string($0.item["linkId"]) } == ["/a", "/b", "/g", "/g/c", "/g/d"])
        let questions = items.map { item in
            FHIRShape.array(item.item["enableWhen"]).compactMap { FHIRShape.string(FHIRShape.object($0)["question"]) }
        }
        #expect(questions == [[], ["/a"], [], [], ["/g/c"]])
        #expect(export.losses.isEmpty)
    }
}
