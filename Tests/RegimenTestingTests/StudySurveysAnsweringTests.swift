import CareModel
import Foundation
import OutcomeMapping
import RegimenTesting
import ResearchTasks
import Testing

/// `StudySurveys.answer` runs a survey from answer lines as `regimen run` does from a pipe, so a study's tests see
/// the computed answers (calculated items, expression conditions) and the scores its outcomes store.
@Suite("StudySurveys.answer: a survey answered from lines, computed answers and scores included")
struct StudySurveysAnsweringTests {
    static func instruments() throws -> StudySurveys { try StudySurveys.load("../../surveys/instruments") }
    static func computed() throws -> StudySurveys { try StudySurveys.load("Fixtures/computed-surveys") }

    @Test("PHQ-9 answered by choice labels and numbers stores the total its answers add up to")
    func phq9Total() throws {
        let surveys = try Self.instruments()
        // Choice numbers count from 1: "4" is "Nearly every day" (3 points).
        let lines = ["Several days", "4", "1", "More than half the days", "2", "1", "1", "3", "1", "Very difficult"]
        let result = try surveys.answer("phq9", lines: lines)
        let extractor = try #require(try surveys.declarativeExtractor(forTask: "phq9"))
        let outcomes = try extractor.outcomes(from: result)
        #expect(try outcomes.double("phq9.total") == 1 + 3 + 0 + 2 + 1 + 0 + 0 + 2 + 0)
    }

    @Test("Two skipped PHQ-9 items are prorated; three leave no total, as the survey's missing rule says")
    func phq9Missing() throws {
        let surveys = try Self.instruments()
        let extractor = try #require(try surveys.declarativeExtractor(forTask: "phq9"))
        let two = try surveys.answer("phq9", lines: Array(repeating: "4", count: 7) + ["skip", "skip", ""])
        #expect(try extractor.outcomes(from: two).double("phq9.total") == 27)
        let three = try surveys.answer("phq9", lines: Array(repeating: "4", count: 6) + ["skip", "skip", "skip", ""])
        #expect(try extractor.outcomes(from: three).values(ofKind: "phq9.total").isEmpty)
    }

    @Test("A calculated BMI is stored as an answer and opens the question its expression condition guards")
    func calculatedAndCondition() throws {
        let surveys = try Self.computed()
        let extractor = try #require(try surveys.declarativeExtractor(forTask: "body"))
        // 90 kg at 180 cm: 27.8, so the advice question is asked and answered.
        let heavy = try surveys.answer("body", lines: ["90", "180", "yes"])
        #expect(try extractor.outcomes(from: heavy).double("body.bmi") == 27.8)
        #expect(try extractor.outcomes(from: heavy).values(ofKind: "body.advice") == [.boolean(true)])
        // 60 kg at 180 cm: 18.5, so the advice question is never asked and the run ends after two lines.
        let light = try surveys.answer("body", lines: ["60", "180"])
        #expect(try extractor.outcomes(from: light).double("body.bmi") == 18.5)
        #expect(try extractor.outcomes(from: light).values(ofKind: "body.advice").isEmpty)
    }

    @Test("The same lines give the same tree, answer for answer")
    func deterministic() throws {
        let surveys = try Self.computed()
        let lines = ["90", "180", "no"]
        #expect(try surveys.answer("body", lines: lines) == surveys.answer("body", lines: lines))
    }

    @Test("Lines that end before the task does, and an unknown task, fail saying which")
    func failures() throws {
        let surveys = try Self.computed()
        #expect {
            try surveys.answer("body", lines: ["90"])
        } throws: { error in
            guard case OutcomeTestFailure.runFailed(let task, let reason) = error else { return false }
            return task == "body" && reason.contains("height")
        }
        #expect(throws: OutcomeTestFailure.notInSurveys(task: "nope", step: nil)) {
            try surveys.answer("nope", lines: [])
        }
    }
}
