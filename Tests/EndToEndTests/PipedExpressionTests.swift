import Foundation
import Testing

/// A survey with expressions run through the built `regimen` from piped lines (docs/expressions.md, "In survey
/// files"): a calculated BMI, piped question text, an expression score, and the previous run's answer pre-filled.
@Suite("End to end: calculated items, piping, scores and previous answers from piped lines", .serialized)
struct PipedExpressionTests {
    static let survey = """
        id: body
        title: Body check
        schedule:
          - daily: { at: "08:00" }
        steps:
          - question: name
            questionText: Your first name?
            freeText: {}
          - form: measures
            title: "Measures of {{ %name }}"
            items:
              - { id: weight, text: Weight, decimal: { unit: kg }, initial: previous }
              - { id: height, text: Height, decimal: { unit: cm } }
              - { id: bmi, text: Body mass index, calculated: "%weight / ((%height / 100) * (%height / 100))", decimal: { fractionDigits: 1, unit: kg/m² } }
          - form: mood
            items:
              - { id: q1, text: "Little interest, {{ %name }}?", singleChoice: { choices: [{ text: None, value: 0, score: 0 }, { text: Some, value: 1, score: 1 }, { text: Much, value: 2, score: 2 }] } }
              - { id: q2, text: "Feeling down (BMI {{ %bmi }})?", singleChoice: { choices: [{ text: None, value: 0, score: 0 }, { text: Some, value: 1, score: 1 }, { text: Much, value: 2, score: 2 }] } }
        outcomes:
          - { kind: body.bmi, path: measures/bmi }
          - { kind: body.mood, score: "%items.ordinal().sum() * 2", missing: { items: [mood/q1, mood/q2] }, type: integer, units: "{score}" }

        """

    static func surveys(in regimen: RegimenProcess, text: String = survey) throws -> URL {
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("body.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    static func run(_ regimen: RegimenProcess, _ surveys: URL, _ input: String, _ extra: [String] = []) throws
        -> RegimenProcess.Outcome
    {
        let run = try regimen.run(
            [
                "run", "body", "--surveys", surveys.path, "--store", regimen.store.path, "--results",
                regimen.results.path,
            ] + extra, input: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return run
    }

    @Test("The calculated BMI is shown and stored as an answer; texts pipe earlier answers; the score is stored")
    func calculatedPipedScored() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try Self.surveys(in: regimen)
        let run = try Self.run(regimen, surveys, "Ann\n70\n175\nSome\nMuch\n")
        #expect(run.stderr.contains("Measures of Ann"))
        #expect(run.stderr.contains("Body mass index: 22.9 kg/m²"))
        #expect(run.stderr.contains("Little interest, Ann?"))
        #expect(run.stderr.contains("Feeling down (BMI 22.9)?"))
        let files = regimen.resultFiles()
        try #require(files.count == 1)
        let task = try PipedCheckInTests.json(files[0])
        let steps = try #require(task["results"] as? [[String: Any]])
        let measures = try #require(
            steps.first { $0["identifier"] as? String == "measures" }?["results"] as? [[String: Any]])
        let bmi = try #require(measures.first { $0["identifier"] as? String == "bmi" })
        #expect(bmi["numericAnswer"] as? Double == 22.9)
        // The FHIR QuestionnaireResponse holds the calculated answer like any other.
        let fhir = try regimen.run(["result", "show", files[0].path, "--format", "fhir", "--surveys", surveys.path])
        #expect(fhir.status == 0, "stderr: \(fhir.stderr)")
        let response = try #require(JSONSerialization.jsonObject(with: Data(fhir.stdout.utf8)) as? [String: Any])
        let groups = try #require(response["item"] as? [[String: Any]])
        let measured = try #require(groups.first { $0["linkId"] as? String == "measures" }?["item"] as? [[String: Any]])
        let bmiItem = try #require(measured.first { $0["linkId"] as? String == "bmi" })
        #expect((bmiItem["answer"] as? [[String: Any]])?.first?["valueDecimal"] as? Double == 22.9)
        let outcomes = PipedParticipantTests.values(
            try PipedParticipantTests.outcomes(regimen, surveys: surveys, task: "body"))
        #expect(outcomes["body.bmi"] == "22.9")
        // Some (1) and Much (2): (1 + 2) × 2.
        #expect(outcomes["body.mood"] == "6")
    }

    @Test(
        "initial: previous offers the last run's answer of the same survey version, which Enter keeps; never another version's"
    )
    func previousAnswer() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try Self.surveys(in: regimen)
        _ = try Self.run(regimen, surveys, "Ann\n70\n175\nNone\nNone\n", [])
        let second = try Self.run(regimen, surveys, "Ann\n\n180\nNone\nNone\n", ["--replace"])
        #expect(second.stderr.contains("Last time: 70 kg (press Enter to keep it)."))
        #expect(second.stderr.contains("Keeping the pre-filled answer: 70 kg."))
        #expect(second.stderr.contains("Body mass index: 21.6 kg/m²"))
        // Another version of the survey (its file changed): the earlier runs' answers are not offered.
        _ = try Self.surveys(
            in: regimen, text: Self.survey.replacingOccurrences(of: "Body check", with: "Body check 2"))
        let third = try Self.run(regimen, surveys, "Ann\n72\n180\nNone\nNone\n", ["--replace"])
        #expect(!third.stderr.contains("Last time:"))
        #expect(third.stderr.contains("Body mass index: 22.2 kg/m²"))
    }

    @Test("A calculated total after the last question of the last form is shown before the run ends, and stored")
    func totalAtTheEnd() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let survey = """
            id: body
            title: Two questions
            schedule:
              - daily: { at: "08:00" }
            steps:
              - form: mood
                items:
                  - { id: q1, text: Interest, singleChoice: { choices: [{ text: None, score: 0 }, { text: Some, score: 1 }, { text: Much, score: 2 }] } }
                  - { id: q2, text: Mood, singleChoice: { choices: [{ text: None, score: 0 }, { text: Some, score: 1 }, { text: Much, score: 2 }] } }
                  - { id: total, text: Total, calculated: "%q1.combine(%q2).ordinal().sum()", integer: {} }

            """
        let surveys = try Self.surveys(in: regimen, text: survey)
        let run = try Self.run(regimen, surveys, "Much\nMuch\n")
        let shown = try #require(run.stderr.range(of: "Total: 4"))
        // Shown after the last question and before the run reports what it saved.
        #expect(run.stderr.range(of: "Mood")!.lowerBound < shown.lowerBound)
        #expect(shown.upperBound <= (run.stderr.range(of: "Saved ")?.lowerBound ?? run.stderr.endIndex))
        let files = regimen.resultFiles()
        try #require(files.count == 1)
        let task = try PipedCheckInTests.json(files[0])
        let steps = try #require(task["results"] as? [[String: Any]])
        let items = try #require(steps.first?["results"] as? [[String: Any]])
        #expect(items.first { $0["identifier"] as? String == "total" }?["numericAnswer"] as? Int == 4)
    }
}
