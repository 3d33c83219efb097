import Catalog
import FHIRInterchange
import Foundation
import RegimenFoundation
import ResearchTasks
import Testing

@Suite("QuestionnaireResponse export of results")
struct ResponseExportTests {
    private let start = Date(timeIntervalSince1970: 1_795_000_000)
    private let paris = TimeZone(identifier: "Europe/Paris")!

    /// A result of `entry`'s task where each listed result identifier got its answer (nil: skipped); one step result
    /// per step holding any of them.
    private func result(_ entry: CatalogEntry, _ answers: [String: Answer?]) -> TaskResult {
        var steps: [StepResult] = []
        for step in entry.task.steps {
            var children: [ChildResult] = []
            let questions: [(String, AnswerFormat)] =
                switch step.content {
                case .question(let question): [(step.identifier, question.answerFormat)]
                case .form(let form): form.items.map { ($0.identifier, $0.answerFormat) }
                default: []
                }
            for (identifier, format) in questions {
                guard let answer = answers[identifier] else { continue }
                children.append(
                    .question(
                        .make(identifier, format: format, answer: answer, start: start, end: start, timeZone: paris)))
            }
            if !children.isEmpty {
                steps.append(
                    StepResult(identifier: step.identifier, startDate: start, endDate: start, results: children))
            }
        }
        return TaskResult(
            identifier: entry.taskIdentifier, taskRunUUID: UUID(uuidString: "6F1C3C5E-0B0A-4C55-9C64-1E1B2A3C4D5E")!,
            startDate: start, endDate: start.addingTimeInterval(60), results: steps)
    }

    @Test("checkin: id, status, authored with the zone's offset, the canonical, one group with two integers")
    func checkin() throws {
        let entry = try SurveyFixtures.entry("checkin")
        let response = ResponseExport.resource(
            result(entry, ["checkin.form.pain": .scale(.integer(4)), "checkin.form.sleep": .scale(.integer(8))]),
            entry: entry, status: .completed, timeZone: paris)
        let object = FHIRShape.object(response)
        #expect(FHIRShape.emptiness(response).isEmpty)
        #expect(FHIRShape.responseProblems(response).isEmpty)
        #expect(object["id"] == .string("6f1c3c5e-0b0a-4c55-9c64-1e1b2a3c4d5e"))
        #expect(object["status"] == .string("completed"))
        #expect(object["authored"] == .string("2026-11-18T12:07:40+01:00"))
        #expect(
            object["questionnaire"] == .string("http://regimen.local/Questionnaire/checkin|\(entry.digest.prefix(12))"))
        let items = FHIRShape.items(response)
        #expect(
            items.map { $0.path.joined(separator: "/") } == [
                "checkin.form", "checkin.form/checkin.form.pain", "checkin.form/checkin.form.sleep",
            ])
        #expect(FHIRShape.array(items[1].item["answer"]) == [.object(["valueInteger": .integer(4)])])
    }

    @Test("tour: every answer type as its value[x]; skipped items and a group with nothing answered are absent")
    func tour() throws {
        let entry = try SurveyFixtures.entry("tour")
        let surgery = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z, 01:00 in Paris
        let response = ResponseExport.resource(
            result(
                entry,
                [
                    "tour.feeling": .choices([.string("okay")]),
                    "tour.trouble": .choices([.string("pain"), .string("my knee clicks")]),
                    "tour.walked": .boolean(true), "tour.walk.minutes": .timeInterval(1800),
                    "tour.details.effort": .scale(.integer(4)), "tour.details.mood": .scale(.decimal(0.25)),
                    "tour.details.energy": .choices([.string("some")]), "tour.details.steps": .numeric(.integer(4200)),
                    "tour.details.weight": .numeric(.decimal(72.5)), "tour.details.note": nil,
                    "tour.details.code": .text("ABC-123"),
                    "tour.details.side": .choices([.string("Left")]), "tour.details.surgery": .date(surgery),
                    "tour.details.appointment": .date(surgery),
                    "tour.details.bedtime": .timeOfDay(TimeOfDay(hour: 22, minute: 30)),
                ]), entry: entry, status: .completed, timeZone: paris)
        #expect(FHIRShape.emptiness(response).isEmpty)
        #expect(FHIRShape.responseProblems(response).isEmpty)
        let answers = Dictionary(
            uniqueKeysWithValues: FHIRShape.items(response).map { ($0.path.last!, FHIRShape.array($0.item["answer"])) })
        #expect(answers["tour.details.note"] == nil)
        #expect(
            answers["tour.trouble"] == [
                .object(["valueCoding": .object(["code": .string("pain"), "display": .string("Pain")])]),
                .object(["valueString": .string("my knee clicks")]),
            ])
        #expect(answers["tour.walked"] == [.object(["valueBoolean": .bool(true)])])
        #expect(answers["tour.walk.minutes"] == [.object(["valueDecimal": .double(1800)])])
        #expect(answers["tour.details.mood"] == [.object(["valueDecimal": .double(0.25)])])
        #expect(answers["tour.details.steps"] == [.object(["valueInteger": .integer(4200)])])
        #expect(answers["tour.details.weight"] == [.object(["valueDecimal": .double(72.5)])])
        #expect(answers["tour.details.side"] == [.object(["valueString": .string("Left")])])
        #expect(answers["tour.details.surgery"] == [.object(["valueDate": .string("2026-01-01")])])
        #expect(
            answers["tour.details.appointment"] == [.object(["valueDateTime": .string("2026-01-01T01:00:00+01:00")])])
        #expect(answers["tour.details.bedtime"] == [.object(["valueTime": .string("22:30:00")])])

        let nothing = ResponseExport.resource(
            result(entry, ["tour.details.note": nil, "tour.feeling": .choices([.string("great")])]),
            entry: entry, status: .inProgress, timeZone: paris)
        #expect(FHIRShape.items(nothing).map(\.path) == [["tour.feeling"]])
        #expect(FHIRShape.object(nothing)["status"] == .string("in-progress"))
    }

    @Test("authored keeps the offset the result file wrote, in FHIR's notation")
    func writtenOffset() throws {
        let entry = try SurveyFixtures.entry("checkin")
        var tree = result(entry, [:])
        tree.source = ["endDate": .string("2026-11-21T08:04:10-0700")]
        let response = FHIRShape.object(
            ResponseExport.resource(tree, entry: entry, status: .completed, timeZone: paris))
        #expect(response["authored"] == .string("2026-11-21T08:04:10-07:00"))
        #expect(response["item"] == nil)
    }
}
