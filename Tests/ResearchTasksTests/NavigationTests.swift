import Foundation
import Testing

@testable import ResearchTasks

/// ResearchKit's navigable-task tests (testOrderedTask, testNavigableOrderedTask, testNavigableOrderedTaskSkip;
/// docs/navigation.md, "Ported ResearchKit tests"), ported to Regimen's structured predicates.
@Suite("Navigation rules (docs/navigation.md, \"Choosing the next step\")")
struct NavigationTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let symptomChoices = AnswerFormat.textChoice(
        TextChoiceFormat(
            style: .single,
            choices: [
                TextChoice(text: "Headache", value: .string("headache")),
                TextChoice(text: "Dizziness", value: .string("dizziness")),
            ]))

    /// symptom → severity → severe/light → end, or symptom → other_symptom → end (testNavigableOrderedTask;
    /// docs/navigation.md, "Ported ResearchKit tests").
    static func headacheTask(skipEndWhenHeadache: Bool = false, skipLight: Bool = false) -> OrderedTask {
        func question(_ id: String, _ format: AnswerFormat) -> Step {
            Step(
                identifier: id, isOptional: true,
                content: .question(QuestionContent(question: id, answerFormat: format)))
        }
        func instruction(_ id: String) -> Step { Step(identifier: id, content: .instruction(InstructionContent())) }
        let headache = ResultPredicate.result(
            ResultSelector(resultIdentifier: "symptom"), .choicesInclude([.string("headache")]))
        let severe = ResultPredicate.result(ResultSelector(resultIdentifier: "severity"), .booleanEquals(true))
        let mild = ResultPredicate.result(ResultSelector(resultIdentifier: "severity"), .booleanEquals(false))
        var skips: [String: SkipRule] = [:]
        if skipEndWhenHeadache { skips["end"] = SkipRule(predicate: headache) }
        if skipLight { skips["light_headache"] = SkipRule(predicate: headache) }
        return OrderedTask(
            identifier: "headache",
            steps: [
                question("symptom", symptomChoices), question("severity", .boolean(BooleanFormat())),
                instruction("severe_headache"), instruction("light_headache"), instruction("other_symptom"),
                instruction("end"), instruction("blank_b"),
            ],
            navigationRules: [
                "symptom": .predicate(
                    [PredicateDestination(predicate: .not(headache), destination: "other_symptom")],
                    defaultDestination: nil),
                "severity": .predicate(
                    [
                        PredicateDestination(predicate: .and([headache, severe]), destination: "severe_headache"),
                        PredicateDestination(predicate: .and([headache, mild]), destination: "light_headache"),
                    ], defaultDestination: "other_symptom"),
                "severe_headache": .direct("end"), "light_headache": .direct("end"), "other_symptom": .direct("end"),
                "end": .direct(StepDestination.end),
            ],
            skipRules: skips
        )
    }

    static func run(_ task: OrderedTask, _ inputs: [SessionInput]) throws -> (visited: [String], session: TaskSession) {
        var session = TaskSession(
            task: task, taskRunUUID: UUID(), startDate: start, timeZone: TimeZone(identifier: "UTC")!)
        var visited: [String] = []
        var inputs = inputs[...]
        while let prompt = session.prompt {
            visited.append(prompt.stepIdentifier)
            let input = prompt.itemIdentifier == nil ? SessionInput.noAnswer : (inputs.popFirst() ?? .noAnswer)
            try session.submit(input, at: start.addingTimeInterval(Double(visited.count)))
        }
        return (visited, session)
    }

    @Test("Headache + severe follows symptom → severity → severe_headache → end and stops at the null step")
    func severePath() throws {
        let (visited, _) = try Self.run(
            Self.headacheTask(), [.answer(.choices([.string("headache")])), .answer(.boolean(true))])
        #expect(visited == ["symptom", "severity", "severe_headache", "end"])
    }

    @Test("Headache + not severe goes to light_headache")
    func lightPath() throws {
        let (visited, _) = try Self.run(
            Self.headacheTask(), [.answer(.choices([.string("headache")])), .answer(.boolean(false))])
        #expect(visited == ["symptom", "severity", "light_headache", "end"])
    }

    @Test("Dizziness jumps from symptom to other_symptom, then end")
    func otherPath() throws {
        let (visited, _) = try Self.run(Self.headacheTask(), [.answer(.choices([.string("dizziness")]))])
        #expect(visited == ["symptom", "other_symptom", "end"])
    }

    @Test("An unanswered symptom (no result) matches the negated predicate, as an empty result does in ResearchKit")
    func emptyResultPath() throws {
        let (visited, _) = try Self.run(Self.headacheTask(), [.noAnswer])
        #expect(visited == ["symptom", "other_symptom", "end"])
    }

    @Test(
        "A skip rule on the destination skips it and applies the skipped step's own rule (testNavigableOrderedTaskSkip; docs/navigation.md, \"Ported ResearchKit tests\")"
    )
    func skipRuleRecursion() throws {
        let task = Self.headacheTask(skipEndWhenHeadache: true)
        let (visited, _) = try Self.run(task, [.answer(.choices([.string("headache")])), .answer(.boolean(false))])
        // end is skipped, and end's own rule (→ null step) then ends the task.
        #expect(visited == ["symptom", "severity", "light_headache"])
        let both = Self.headacheTask(skipEndWhenHeadache: true, skipLight: true)
        let (visitedBoth, _) = try Self.run(both, [.answer(.choices([.string("headache")])), .answer(.boolean(false))])
        #expect(visitedBoth == ["symptom", "severity"])
    }

    @Test("Back follows the visit history, not the step order")
    func backFollowsHistory() throws {
        var session = TaskSession(
            task: Self.headacheTask(), taskRunUUID: UUID(), startDate: Self.start,
            timeZone: TimeZone(identifier: "UTC")!)
        try session.submit(.answer(.choices([.string("dizziness")])), at: Self.start)
        #expect(session.prompt?.stepIdentifier == "other_symptom")
        try session.submit(.back, at: Self.start)
        #expect(session.prompt?.stepIdentifier == "symptom")
        #expect(session.prompt?.previousAnswer == .choices([.string("dizziness")]))
        #expect(throws: SessionError.cannotGoBack(stepIdentifier: "symptom")) {
            try session.submit(.back, at: Self.start)
        }
    }

    @Test("Time-of-day ranges compare component-wise, ResearchKit's quirk (docs/navigation.md, \"Result predicates\")")
    func timeOfDayQuirk() {
        let result = TaskResult(
            identifier: "t", taskRunUUID: UUID(), startDate: Self.start, endDate: Self.start,
            results: [
                StepResult(
                    identifier: "wake", startDate: Self.start, endDate: Self.start,
                    results: [
                        .question(
                            QuestionResult(
                                identifier: "wake", startDate: Self.start, endDate: Self.start,
                                questionType: .timeOfDay,
                                value: .timeOfDay(TimeOfDay(hour: 6, minute: 6))))
                    ])
            ])
        func range(_ h1: Int, _ m1: Int, _ h2: Int, _ m2: Int) -> Bool {
            ResultPredicate.result(
                ResultSelector(resultIdentifier: "wake"),
                .timeOfDayInRange(minimum: TimeOfDay(hour: h1, minute: m1), maximum: TimeOfDay(hour: h2, minute: m2))
            )
            .evaluate(in: result)
        }
        #expect(range(6, 4, 6, 8))
        #expect(!range(6, 7, 6, 8))
        // 05:30–07:00 lexicographically contains 06:06, but component-wise 6 minutes > 0 fails the maximum minute.
        #expect(!range(5, 30, 7, 0))
    }

    @Test(
        "Text ranges compare by Unicode code point, as FHIR orders strings: \"Z\" < \"a\", and é written two ways differs (docs/navigation.md, \"Result predicates\")"
    )
    func textRangeCodePoints() {
        func holds(_ answer: String, _ condition: AnswerCondition) -> Bool {
            let result = TaskResult(
                identifier: "t", taskRunUUID: UUID(), startDate: Self.start, endDate: Self.start,
                results: [
                    StepResult(
                        identifier: "name", startDate: Self.start, endDate: Self.start,
                        results: [
                            .question(
                                QuestionResult(
                                    identifier: "name", startDate: Self.start, endDate: Self.start, questionType: .text,
                                    value: .text(answer)))
                        ])
                ])
            return ResultPredicate.result(ResultSelector(resultIdentifier: "name"), condition).evaluate(in: result)
        }
        let afterM = AnswerCondition.textInRange(minimum: "M", maximum: nil, minimumExclusive: true)
        #expect(holds("Z", afterM))
        #expect(holds("a", afterM), "lower case comes after every upper-case letter")
        #expect(!holds("M", afterM), "an exclusive bound is not itself within")
        #expect(holds("Ma", afterM), "a longer text that starts with the bound comes after it")
        #expect(!holds("L", afterM))
        #expect(holds("M", .textInRange(minimum: "M", maximum: "M")))
        // "é" as one scalar (U+00E9) and as "e" + U+0301: Swift's == calls them equal, code points do not.
        let precomposed = "\u{E9}"
        let decomposed = "e\u{301}"
        #expect(precomposed == decomposed)
        #expect(holds(decomposed, .textInRange(minimum: nil, maximum: precomposed, maximumExclusive: true)))
        #expect(!holds(precomposed, .textInRange(minimum: nil, maximum: precomposed, maximumExclusive: true)))
    }

    @Test(
        "isAnswered is false for a missing result where not-isNil is true, and false for a nil answer (docs/navigation.md, \"Answered\")"
    )
    func answered() {
        func step(_ id: String, _ answer: Bool?) -> StepResult {
            StepResult(
                identifier: id, startDate: Self.start, endDate: Self.start,
                results: [
                    .question(
                        QuestionResult(
                            identifier: id, startDate: Self.start, endDate: Self.start, questionType: .boolean,
                            value: .boolean(answer)))
                ])
        }
        let result = TaskResult(
            identifier: "t", taskRunUUID: UUID(), startDate: Self.start, endDate: Self.start,
            results: [
                step("given", false), step("skipped", nil),
            ])
        func holds(_ id: String, _ condition: AnswerCondition, negated: Bool = false) -> Bool {
            let predicate = ResultPredicate.result(ResultSelector(resultIdentifier: id), condition)
            return (negated ? ResultPredicate.not(predicate) : predicate).evaluate(in: result)
        }
        #expect(holds("given", .isAnswered))
        #expect(!holds("skipped", .isAnswered))
        #expect(!holds("absent", .isAnswered))
        #expect(holds("absent", .isNil, negated: true), "not isNil holds for a question with no result at all")
        #expect(
            holds("absent", .isAnswered, negated: true), "isAnswered: false holds for it, as FHIR's exists false does")
    }

    @Test("Choice predicates test a subset, and 7 matches 7.0 (docs/navigation.md, \"Result predicates\")")
    func choiceSubset() {
        func result(_ values: [ChoiceValue]) -> TaskResult {
            TaskResult(
                identifier: "t", taskRunUUID: UUID(), startDate: Self.start, endDate: Self.start,
                results: [
                    StepResult(
                        identifier: "q", startDate: Self.start, endDate: Self.start,
                        results: [
                            .question(
                                QuestionResult(
                                    identifier: "q", startDate: Self.start, endDate: Self.start,
                                    questionType: .multipleChoice, value: .choice(values)))
                        ])
                ])
        }
        let expectsTwo = ResultPredicate.result(
            ResultSelector(resultIdentifier: "q"), .choicesInclude([.string("v1"), .string("v2")]))
        #expect(expectsTwo.evaluate(in: result([.string("v1"), .string("v2"), .string("other")])))
        #expect(!expectsTwo.evaluate(in: result([.string("v1")])))
        let seven = ResultPredicate.result(ResultSelector(resultIdentifier: "q"), .choicesInclude([.integer(7)]))
        #expect(seven.evaluate(in: result([.string("v1"), .double(7.0)])))
        let pattern = ResultPredicate.result(
            ResultSelector(resultIdentifier: "q"), .choicesMatch(["...gleChoiceValue"]))
        #expect(pattern.evaluate(in: result([.string("singleChoiceValue")])))
        #expect(!pattern.evaluate(in: result([.string("aSingleChoiceValue")])))
    }

    @Test(
        "Progress counts steps except instruction/completion steps at either end (docs/navigation.md, \"Progress\" and \"Ported ResearchKit tests\")"
    )
    func progress() {
        let task = Self.headacheTask()
        // 7 steps; blank_b is an instruction at the last index and is excluded ⇒ total 6.
        #expect(task.progress(ofStep: "symptom") == StepProgress(current: 1, total: 6))
        #expect(task.progress(ofStep: "end") == StepProgress(current: 6, total: 6))
        #expect(task.progress(ofStep: "blank_b") == nil)
    }
}
