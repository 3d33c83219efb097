import Foundation
import Testing

@testable import ResearchTasks

@Suite("TaskSession: enabledWhen on form items and groups (docs/navigation.md, \"Enabled when\")")
struct EnabledWhenSessionTests {
    static let start = Date(timeIntervalSince1970: 1_763_712_000)
    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }
    static let utc = TimeZone(identifier: "UTC")!
    static let yesNo = AnswerFormat.boolean(BooleanFormat())
    static let count = AnswerFormat.numeric(NumericFormat(style: .integer))

    static func item(_ form: String, _ id: String) -> ResultSelector {
        ResultSelector(stepIdentifier: form, resultIdentifier: id)
    }

    /// smoker (question step); form f: cigarettes when smoker, group "Heavy use" when cigarettes > 10 (strict),
    /// holding years and, only when years is answered, quit; then a closing item always asked.
    static let task = OrderedTask(
        identifier: "t",
        steps: [
            Step(identifier: "smoker", content: .question(QuestionContent(answerFormat: yesNo))),
            Step(
                identifier: "f",
                content: .form(
                    FormContent(elements: [
                        .item(
                            FormItem(
                                identifier: "cigarettes", answerFormat: count,
                                enabledWhen: .result(ResultSelector(resultIdentifier: "smoker"), .booleanEquals(true))
                            )),
                        .group(
                            FormGroup(
                                identifier: "heavy", text: "Heavy use",
                                enabledWhen: .result(
                                    item("f", "cigarettes"),
                                    .numberInRange(minimum: 10, maximum: nil, minimumExclusive: true)),
                                elements: [
                                    .item(FormItem(identifier: "years", answerFormat: count)),
                                    .item(
                                        FormItem(
                                            identifier: "quit", answerFormat: yesNo,
                                            enabledWhen: .not(.result(item("f", "years"), .isNil)))),
                                ]
                            )),
                        .item(FormItem(identifier: "closing", answerFormat: yesNo)),
                    ]))),
        ])

    static func answers(_ session: TaskSession) throws -> [String: Answer?] {
        let form = try #require(session.result(endDate: at(99)).results.last)
        return Dictionary(
            uniqueKeysWithValues: form.results.compactMap { child -> (String, Answer?)? in
                guard case .question(let question) = child else { return nil }
                return (question.identifier, question.answer)
            })
    }

    @Test("Disabled items are not asked and get a nil-answer result; the form keeps one result per item in order")
    func disabledItemsAreNilResults() throws {
        var session = TaskSession(task: Self.task, taskRunUUID: UUID(), startDate: Self.start, timeZone: Self.utc)
        try session.submit(.answer(.boolean(false)), at: Self.at(1))
        #expect(session.prompt?.itemIdentifier == "closing")
        #expect(session.prompt?.canGoBack == true)
        try session.submit(.answer(.boolean(true)), at: Self.at(2))
        #expect(session.isFinished)
        let form = try #require(session.result(endDate: Self.at(2)).results.last)
        #expect(form.results.map(\.identifier) == ["cigarettes", "years", "quit", "closing"])
        let answers = try Self.answers(session)
        #expect(answers["cigarettes"] == .some(nil) && answers["years"] == .some(nil) && answers["quit"] == .some(nil))
        #expect(answers["closing"] == .boolean(true))
    }

    @Test(
        "A group's condition and an item's condition on an earlier item of the same form; the strict bound excludes 10")
    func groupsAndEarlierItems() throws {
        var session = TaskSession(task: Self.task, taskRunUUID: UUID(), startDate: Self.start, timeZone: Self.utc)
        try session.submit(.answer(.boolean(true)), at: Self.at(1))
        #expect(session.prompt?.itemIdentifier == "cigarettes")
        try session.submit(.answer(.numeric(.integer(10))), at: Self.at(2))
        #expect(session.prompt?.itemIdentifier == "closing")
        try session.submit(.back, at: Self.at(3))
        #expect(session.prompt?.itemIdentifier == "cigarettes")
        try session.submit(.answer(.numeric(.integer(11))), at: Self.at(4))
        #expect(session.prompt?.itemIdentifier == "years")
        if case .question(let question)? = session.prompt?.item { #expect(question.sectionTitles == ["Heavy use"]) }
        try session.submit(.noAnswer, at: Self.at(5))
        #expect(session.prompt?.itemIdentifier == "closing")
        try session.submit(.back, at: Self.at(6))
        #expect(session.prompt?.itemIdentifier == "years")
        try session.submit(.answer(.numeric(.integer(3))), at: Self.at(7))
        #expect(session.prompt?.itemIdentifier == "quit")
        try session.submit(.answer(.boolean(true)), at: Self.at(8))
        try session.submit(.answer(.boolean(false)), at: Self.at(9))
        let answers = try Self.answers(session)
        #expect(answers["cigarettes"] == .numeric(.integer(11)) && answers["years"] == .numeric(.integer(3)))
        #expect(answers["quit"] == .boolean(true))
    }

    @Test("Answers given before an item became disabled are dropped from the result")
    func answersOfNowDisabledItemsAreDropped() throws {
        var session = TaskSession(task: Self.task, taskRunUUID: UUID(), startDate: Self.start, timeZone: Self.utc)
        try session.submit(.answer(.boolean(true)), at: Self.at(1))
        try session.submit(.answer(.numeric(.integer(20))), at: Self.at(2))
        try session.submit(.answer(.numeric(.integer(5))), at: Self.at(3))
        #expect(session.prompt?.itemIdentifier == "quit")
        try session.submit(.back, at: Self.at(4))
        try session.submit(.back, at: Self.at(5))
        #expect(session.prompt?.itemIdentifier == "cigarettes")
        try session.submit(.answer(.numeric(.integer(2))), at: Self.at(6))
        #expect(session.prompt?.itemIdentifier == "closing")
        try session.submit(.answer(.boolean(true)), at: Self.at(7))
        let answers = try Self.answers(session)
        #expect(answers["cigarettes"] == .numeric(.integer(2)))
        #expect(answers["years"] == .some(nil) && answers["quit"] == .some(nil))
    }

    @Test("A form whose items are all disabled finishes at once with nil answers, and back passes over it")
    func wholeFormDisabled() throws {
        let task = OrderedTask(
            identifier: "t",
            steps: [
                Step(identifier: "smoker", content: .question(QuestionContent(answerFormat: Self.yesNo))),
                Step(
                    identifier: "f",
                    content: .form(
                        FormContent(elements: [
                            .group(
                                FormGroup(
                                    identifier: "g",
                                    enabledWhen: .result(
                                        ResultSelector(resultIdentifier: "smoker"), .booleanEquals(true)),
                                    elements: [.item(FormItem(identifier: "cigarettes", answerFormat: Self.count))]
                                ))
                        ]))),
                Step(identifier: "end", content: .question(QuestionContent(answerFormat: Self.yesNo))),
            ])
        var session = TaskSession(task: task, taskRunUUID: UUID(), startDate: Self.start, timeZone: Self.utc)
        try session.submit(.answer(.boolean(false)), at: Self.at(1))
        #expect(session.prompt?.stepIdentifier == "end")
        let form = try #require(session.result(endDate: Self.at(1)).results.first { $0.identifier == "f" })
        #expect(form.questionResult(forIdentifier: "cigarettes")?.answer == nil)
        try session.submit(.back, at: Self.at(2))
        #expect(session.prompt?.stepIdentifier == "smoker")
    }

    @Test("Strict bounds: numberInRange and dateInRange exclude a bound flagged exclusive, include it otherwise")
    func strictBounds() {
        func holds(_ condition: AnswerCondition, _ answer: Answer) -> Bool {
            let question = QuestionResult.make(
                "q", format: answer.isDate ? .date(DateFormat(style: .date)) : Self.count,
                answer: answer, start: Self.start, end: Self.start, timeZone: Self.utc)
            let result = TaskResult(
                identifier: "t", taskRunUUID: UUID(), startDate: Self.start, endDate: Self.start,
                results: [
                    StepResult(
                        identifier: "q", startDate: Self.start, endDate: Self.start, results: [.question(question)])
                ])
            return ResultPredicate.result(ResultSelector(resultIdentifier: "q"), condition).evaluate(in: result)
        }
        let ten = Answer.numeric(.integer(10))
        #expect(holds(.numberInRange(minimum: 10, maximum: 20), ten))
        #expect(!holds(.numberInRange(minimum: 10, maximum: 20, minimumExclusive: true), ten))
        #expect(holds(.numberInRange(minimum: 0, maximum: 10), ten))
        #expect(!holds(.numberInRange(minimum: 0, maximum: 10, maximumExclusive: true), ten))
        #expect(holds(.numberInRange(minimum: 9, maximum: 11, minimumExclusive: true, maximumExclusive: true), ten))
        let day = Self.start
        let date = Answer.date(day)
        #expect(holds(.dateInRange(minimum: day, maximum: nil), date))
        #expect(!holds(.dateInRange(minimum: day, maximum: nil, minimumExclusive: true), date))
        #expect(!holds(.dateInRange(minimum: nil, maximum: day, maximumExclusive: true), date))
    }
}

extension Answer {
    fileprivate var isDate: Bool {
        if case .date = self { true } else { false }
    }
}
