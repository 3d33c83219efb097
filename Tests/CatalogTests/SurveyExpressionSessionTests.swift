import Foundation
import ResearchTasks
import Testing

@testable import Catalog

/// Survey files with expressions (docs/expressions.md, "In survey files"), decoded by Catalog and run by a
/// TaskSession: calculated items, expression conditions, piping and initial values.
@Suite("Survey expressions: calculated items, conditions, piping and initial values in a run")
struct SurveyExpressionSessionTests {
    static let start = Date(timeIntervalSince1970: 1_763_712_000)
    static let utc = TimeZone(identifier: "UTC")!

    static func session(_ yaml: String, previous: TaskResult? = nil) throws -> TaskSession {
        let entry = try CatalogFixture.entry(yaml)
        return TaskSession(
            task: entry.task, taskRunUUID: UUID(), startDate: start, timeZone: utc, previous: previous)
    }

    static func answer(_ session: inout TaskSession, _ input: SessionInput, _ second: Double = 1) throws {
        try session.submit(input, at: start.addingTimeInterval(second))
    }

    static func answers(_ result: TaskResult, step: String) -> [String: Answer?] {
        var found: [String: Answer?] = [:]
        for case .question(let question) in result.stepResult(forStep: step)?.results ?? [] {
            found[question.identifier] = question.answer
        }
        return found
    }

    static let bmi = """
        id: body
        title: Body
        steps:
          - form: measures
            items:
              - { id: weight, text: Weight, decimal: { unit: kg } }
              - { id: height, text: Height, decimal: { unit: cm } }
              - { id: bmi, text: Body mass index, calculated: "%weight / ((%height / 100) * (%height / 100))", decimal: { fractionDigits: 1, unit: kg/m² } }
              - { id: note, text: "Your BMI is {{ %bmi }}. Anything to add?", freeText: {} }
        """

    @Test(
        "A calculated BMI is not asked, is shown before the next prompt, is stored rounded, and follows a changed answer after back"
    )
    func calculatedBMI() throws {
        var session = try Self.session(Self.bmi)
        #expect(session.prompt?.itemIdentifier == "weight")
        try Self.answer(&session, .answer(.numeric(.decimal(70))))
        try Self.answer(&session, .answer(.numeric(.decimal(175))))
        // bmi is passed over: the next prompt is the note, showing bmi's line and its value piped into the text.
        let prompt = try #require(session.prompt)
        #expect(prompt.itemIdentifier == "note")
        #expect(prompt.calculatedLines.map(\.identifier) == ["bmi"])
        #expect(prompt.calculatedLines.first?.answer == .numeric(.decimal(22.9)))
        guard case .question(let note) = prompt.item else { throw Failure.notAQuestion }
        #expect(note.text == "Your BMI is 22.9. Anything to add?")
        // back skips the calculated item (never asked) and returns to height; a new height recomputes bmi.
        try Self.answer(&session, .back)
        #expect(session.prompt?.itemIdentifier == "height")
        try Self.answer(&session, .answer(.numeric(.decimal(180))))
        #expect(session.prompt?.calculatedLines.first?.answer == .numeric(.decimal(21.6)))
        try Self.answer(&session, .noAnswer)
        #expect(session.isFinished)
        let stored = Self.answers(session.result(endDate: Self.start), step: "measures")
        #expect(stored["bmi"] == .some(.numeric(.decimal(21.6))))
    }

    @Test("A calculated value with nothing to compute from is stored unanswered, and piping shows the placeholder")
    func calculatedWithoutAnswers() throws {
        var session = try Self.session(Self.bmi)
        try Self.answer(&session, .noAnswer)
        try Self.answer(&session, .noAnswer)
        let prompt = try #require(session.prompt)
        #expect(prompt.calculatedLines.first?.answer == nil)
        guard case .question(let note) = prompt.item else { throw Failure.notAQuestion }
        #expect(note.text == "Your BMI is —. Anything to add?")
        try Self.answer(&session, .noAnswer)
        #expect(Self.answers(session.result(endDate: Self.start), step: "measures")["bmi"] == .some(nil))
    }

    static let conditions = """
        id: flow
        title: Flow
        variables:
          - { name: heavy, expression: "%cigarettes > 10" }
        steps:
          - question: cigarettes
            questionText: Cigarettes a day?
            integer: { min: 0, max: 100 }
          - form: habits
            items:
              - { id: years, text: "Years smoking {{ %cigarettes }} a day?", integer: {}, enabledWhen: { expression: "%heavy" } }
              - { id: mood, text: "Mood \\\\{{ not piped }}", integer: {} }
          - question: advice
            questionText: Would you like advice?
            boolean: {}
          - question: plan
            questionText: "A plan for {{ %cigarettes }} a day, after {{ %years }} years?"
            freeText: {}
        skip:
          - { step: advice, when: { expression: "%cigarettes = 0" } }
        navigation:
          - after: advice
            rules:
              - { when: { expression: "%advice.not()" }, goto: end }
        """

    @Test("An expression condition works in enabledWhen, skip and navigation; only a single true holds")
    func expressionConditions() throws {
        // Heavy smoker: years is asked (enabledWhen), advice is not skipped, "no" ends the task (navigation).
        var heavy = try Self.session(Self.conditions)
        try Self.answer(&heavy, .answer(.numeric(.integer(20))))
        guard case .question(let years) = heavy.prompt?.item else { throw Failure.notAQuestion }
        #expect(years.identifier == "years" && years.text == "Years smoking 20 a day?")
        try Self.answer(&heavy, .answer(.numeric(.integer(5))))
        guard case .question(let mood) = heavy.prompt?.item else { throw Failure.notAQuestion }
        #expect(mood.text == "Mood {{ not piped }}")
        try Self.answer(&heavy, .noAnswer)
        #expect(heavy.prompt?.stepIdentifier == "advice")
        try Self.answer(&heavy, .answer(.boolean(false)))
        #expect(heavy.isFinished)

        // Light smoker: years is disabled (the variable is false); "yes" goes on to the plan, whose text pipes the
        // missing years as the placeholder.
        var light = try Self.session(Self.conditions)
        try Self.answer(&light, .answer(.numeric(.integer(3))))
        #expect(light.prompt?.itemIdentifier == "mood")
        try Self.answer(&light, .noAnswer)
        try Self.answer(&light, .answer(.boolean(true)))
        guard case .question(let plan) = light.prompt?.item else { throw Failure.notAQuestion }
        #expect(plan.text == "A plan for 3 a day, after — years?")

        // Non-smoker: advice is skipped (skip rule), straight to the plan.
        var none = try Self.session(Self.conditions)
        try Self.answer(&none, .answer(.numeric(.integer(0))))
        try Self.answer(&none, .noAnswer)
        #expect(none.prompt?.stepIdentifier == "plan")

        // Unanswered: `%cigarettes = 0` is empty, which is not true: advice is asked.
        var unanswered = try Self.session(Self.conditions)
        try Self.answer(&unanswered, .noAnswer)
        try Self.answer(&unanswered, .noAnswer)
        #expect(unanswered.prompt?.stepIdentifier == "advice")
    }

    @Test("A group's piped text keeps its prefix before it; a section title and a choice's text are piped too")
    func pipedSectionsAndChoices() throws {
        var session = try Self.session(
            """
            id: g
            title: G
            steps:
              - question: name
                freeText: {}
              - form: f
                items:
                  - section: "About {{ %name }}"
                  - group: more
                    prefix: "2."
                    text: "More for {{ %name }}"
                    items:
                      - { id: pick, text: Pick, singleChoice: { choices: [{ text: "{{ %name }}'s choice", value: a }] } }
            """)
        try Self.answer(&session, .answer(.text("Ann")))
        guard case .question(let pick) = session.prompt?.item else { throw Failure.notAQuestion }
        #expect(pick.sectionTitles == ["About Ann", "2. More for Ann"])
        #expect(pick.answerFormat.choices?.map(\.text) == ["Ann's choice"])
    }

    static let initial = """
        id: daily
        title: Daily
        steps:
          - question: sleep
            questionText: Hours slept?
            decimal: {}
            initial: previous
          - question: target
            questionText: Target for tonight?
            decimal: {}
            initial: "%sleep + 0.5"
        """

    @Test("initial: previous pre-fills last run's answer, an initial expression its value; an answer given wins")
    func initialValues() throws {
        var first = try Self.session(Self.initial)
        #expect(first.prompt?.prefill == nil)
        try Self.answer(&first, .answer(.numeric(.decimal(7))))
        #expect(first.prompt?.prefill == Prefill(answer: .numeric(.decimal(7.5)), isFromPreviousRun: false))
        try Self.answer(&first, .noAnswer)
        let previous = first.result(endDate: Self.start)

        var second = try Self.session(Self.initial, previous: previous)
        #expect(second.prompt?.prefill == Prefill(answer: .numeric(.decimal(7)), isFromPreviousRun: true))
        // An answer given on this run wins over the pre-filled one.
        try Self.answer(&second, .answer(.numeric(.decimal(6))))
        #expect(second.prompt?.prefill?.answer == .numeric(.decimal(6.5)))
    }

    enum Failure: Error { case notAQuestion }
}
