import Foundation
import RegimenTesting
import Testing

@Suite("StudySurveys: a study's survey folder, validated, for checking extractors against it")
struct StudySurveysTests {
    /// Regimen's own `surveys/` folder, as a study test would load its own.
    static func surveys() throws -> StudySurveys { try StudySurveys.load("../../surveys") }

    @Test("The folder loads with its tasks, and a form step lists its item ids in survey order")
    func formItems() throws {
        let surveys = try Self.surveys()
        #expect(surveys.taskIdentifiers.contains("checkin"))
        #expect(
            try surveys.formItems(task: "checkin", step: "checkin.form") == ["checkin.form.pain", "checkin.form.sleep"])
    }

    @Test("A missing task, a missing step or a step that is not a form fails naming it")
    func missing() throws {
        let surveys = try Self.surveys()
        #expect(throws: OutcomeTestFailure.notInSurveys(task: "nope", step: nil)) {
            try surveys.formItems(task: "nope", step: "checkin.form")
        }
        #expect(throws: OutcomeTestFailure.notInSurveys(task: "checkin", step: "checkin.nope")) {
            try surveys.formItems(task: "checkin", step: "checkin.nope")
        }
        #expect(throws: OutcomeTestFailure.notInSurveys(task: "rangeOfMotionCheck", step: "rom.completion")) {
            try surveys.formItems(task: "rangeOfMotionCheck", step: "rom.completion")
        }
        #expect(
            OutcomeTestFailure.notInSurveys(task: "checkin", step: "checkin.nope").description
                == "task 'checkin' in the surveys has no form step 'checkin.nope'")
    }

    @Test("The survey's declarative extractor maps its form items to outcome values")
    func declarativeExtractor() throws {
        let extractor = try #require(try Self.surveys().declarativeExtractor(forTask: "checkin"))
        let tree = ResultTree("checkin") {
            Form("checkin.form") {
                Item("checkin.form.pain", .scale(4))
                Item("checkin.form.sleep", .scale(7))
            }
        }
        try extractor.outcomes(from: tree).require(
            .value("checkin.form.pain", 4), .value("checkin.form.sleep", 7, units: "h"))
    }

    @Test("A folder that is not there fails with the loader's message instead of crashing")
    func missingFolder() throws {
        #expect {
            try StudySurveys.load("no-such-surveys-folder")
        } throws: { error in
            guard case .invalidSurveys(let message) = error as? OutcomeTestFailure else { return false }
            return message.contains("no-such-surveys-folder")
        }
    }
}
