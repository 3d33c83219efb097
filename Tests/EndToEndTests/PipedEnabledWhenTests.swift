import Foundation
import Testing

/// A form with nested groups, `enabledWhen` and scored choices run through the built `regimen` from piped lines
/// (docs/navigation.md, "Enabled when"; surveys/README.md, "FHIR").
@Suite("End to end: enabledWhen, nested groups and score sums from piped lines", .serialized)
struct PipedEnabledWhenTests {
    static let survey = """
        id: screen
        title: Screening
        schedule:
          - daily: { at: "08:00" }
        steps:
          - question: smoker
            questionText: Do you smoke?
            optional: false
            boolean: {}
          - form: habits
            items:
              - id: cigarettes
                text: Cigarettes a day
                enabledWhen: { result: smoker, booleanEquals: true }
                integer: { min: 0, max: 100 }
              - group: heavy
                text: Heavy use
                enabledWhen: { result: habits/cigarettes, numberInRange: { min: 10, minExclusive: true } }
                items:
                  - id: years
                    text: Years smoking
                    integer: { min: 0, max: 80 }
                  - group: quitting
                    text: Quitting
                    items:
                      - id: tried
                        text: Tried to quit?
                        enabledWhen: { not: { result: habits/years, isNil: true } }
                        singleChoice: { choices: [{ text: Never, value: never, score: 0 }, { text: Once, value: once, score: 1 }, { text: Often, value: often, score: 2 }] }
              - id: mood
                text: Mood
                singleChoice: { choices: [{ text: Good, value: good, score: 0 }, { text: Low, value: low, score: 3 }] }
              - id: worries
                text: Worries
                multipleChoice: { choices: [{ text: Money, value: money, score: 1 }, { text: Health, value: health, score: 2 }, { text: None, value: none, score: 0, exclusive: true }] }
        outcomes:
          - { kind: screen.cigarettes, path: habits/cigarettes, type: integer }
          - { kind: screen.total, sum: [habits/tried, habits/mood, habits/worries], units: "{score}" }

        """

    static func surveys(in regimen: RegimenProcess) throws -> URL {
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try survey.write(to: folder.appendingPathComponent("screen.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Runs the screening with `input`, then returns the form's question results (identifier → JSON) and the stored
    /// outcomes (kind → value).
    static func run(_ input: String) throws -> (
        run: RegimenProcess.Outcome, items: [(String, [String: Any])], outcomes: [String: String]
    ) {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let surveys = try Self.surveys(in: regimen)
        let run = try regimen.run(
            [
                "run", "screen", "--surveys", surveys.path, "--store", regimen.store.path, "--results",
                regimen.results.path,
            ], input: input)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let files = regimen.resultFiles()
        try #require(files.count == 1)
        let task = try PipedCheckInTests.json(files[0])
        let steps = try #require(task["results"] as? [[String: Any]])
        #expect(steps.map { $0["identifier"] as? String } == ["smoker", "habits"])
        let questions = try #require(steps.last?["results"] as? [[String: Any]])
        let items = questions.map { ($0["identifier"] as? String ?? "", $0) }
        let outcomes = PipedParticipantTests.values(
            try PipedParticipantTests.outcomes(regimen, surveys: surveys, task: "screen"))
        return (run, items, outcomes)
    }

    @Test(
        "A non-smoker is not asked the disabled items; they are nil-answer results; an unanswered summed item stores no total"
    )
    func disabledItemsAreNil() throws {
        let (_, items, outcomes) = try Self.run("no\n2\n1\n")
        #expect(items.map(\.0) == ["cigarettes", "years", "tried", "mood", "worries"])
        #expect(
            items[0].1["numericAnswer"] == nil && items[1].1["numericAnswer"] == nil
                && items[2].1["choiceAnswers"] == nil)
        #expect(items[3].1["choiceAnswers"] as? [String] == ["low"])
        #expect(items[4].1["choiceAnswers"] as? [String] == ["money"])
        #expect(outcomes.isEmpty)
    }

    @Test(
        "The strict bound excludes 10; back passes over disabled items; the nested group's headers show; the sum is stored"
    )
    func strictBoundBackAndSum() throws {
        // smoker; 10 (group disabled) → mood; back → cigarettes; 11 → years; skip → tried disabled → mood; back →
        // years; 4 → tried: often; mood: low; worries: money and health.
        let (run, items, outcomes) = try Self.run("yes\n10\nback\n11\nskip\nback\n4\n3\n2\n1,2\n")
        #expect(items.map(\.0) == ["cigarettes", "years", "tried", "mood", "worries"])
        #expect(items[0].1["numericAnswer"] as? Int == 11)
        #expect(items[1].1["numericAnswer"] as? Int == 4)
        #expect(items[2].1["choiceAnswers"] as? [String] == ["often"])
        #expect(outcomes == ["screen.cigarettes": "11", "screen.total": "8"])
        #expect(run.stderr.contains("— Heavy use —\nQuestion 2 of 5: Years smoking"))
        #expect(run.stderr.contains("  — Quitting —\nQuestion 3 of 5: Tried to quit?"))
    }
}
