import Foundation
import Testing

@testable import ResearchTasks

@Suite("TaskSession: the result tree a run produces (docs/navigation.md, \"Skipped and missing results\")")
struct TaskSessionTests {
    static let start = Date(timeIntervalSince1970: 1_763_712_000)  // 2025-11-21T08:00:00Z
    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }
    static let pain = AnswerFormat.scale(ScaleFormat(minimum: 1, maximum: 10))
    static let sleep = AnswerFormat.scale(ScaleFormat(minimum: 0, maximum: 12))

    static func checkin(optionalSleep: Bool = false, optionalForm: Bool = false) -> OrderedTask {
        OrderedTask(
            identifier: "checkin",
            steps: [
                Step(
                    identifier: "checkin.form", title: "Check In", isOptional: optionalForm,
                    content: .form(
                        FormContent(elements: [
                            .section(SectionHeader(title: "Today")),
                            .item(
                                FormItem(
                                    identifier: "checkin.form.pain", text: "Pain?", isOptional: false,
                                    answerFormat: pain)),
                            .item(
                                FormItem(
                                    identifier: "checkin.form.sleep", text: "Sleep?", isOptional: optionalSleep,
                                    answerFormat: sleep)),
                        ])))
            ])
    }

    @Test("A check-in form yields one step result with one scale result per item, in item order")
    func checkinTree() throws {
        var session = TaskSession(
            task: Self.checkin(), taskRunUUID: UUID(), startDate: Self.start, timeZone: TimeZone(identifier: "UTC")!)
        #expect(session.prompt?.itemIdentifier == "checkin.form.pain")
        #expect(session.prompt?.formPosition == StepProgress(current: 1, total: 2))
        #expect(session.prompt?.canSkip == false)
        try session.submit(.answer(.scale(.integer(4))), at: Self.at(5))
        #expect(session.prompt?.itemIdentifier == "checkin.form.sleep")
        try session.submit(.answer(.scale(.integer(8))), at: Self.at(9))
        #expect(session.isFinished)
        let result = session.result(endDate: Self.at(9))
        #expect(result.results.map(\.identifier) == ["checkin.form"])
        let step = try #require(result.results.first)
        #expect(step.startDate == Self.start)
        #expect(step.endDate == Self.at(9))
        #expect(step.results.map(\.identifier) == ["checkin.form.pain", "checkin.form.sleep"])
        let pain = try #require(step.questionResult(forIdentifier: "checkin.form.pain"))
        #expect(pain.value == .scale(.integer(4)))
        #expect(pain.questionType == .scale)
        #expect(pain.startDate == Self.at(5))
        #expect(step.questionResult(forIdentifier: "checkin.form.sleep")?.value == .scale(.integer(8)))
    }

    @Test("A required form item refuses an empty answer and skip, and nothing changes")
    func requiredItem() throws {
        var session = TaskSession(
            task: Self.checkin(), taskRunUUID: UUID(), startDate: Self.start, timeZone: TimeZone(identifier: "UTC")!)
        #expect(
            throws: SessionError.answerRequired(stepIdentifier: "checkin.form", itemIdentifier: "checkin.form.pain")
        ) {
            try session.submit(.noAnswer, at: Self.at(1))
        }
        #expect(throws: SessionError.cannotSkip(stepIdentifier: "checkin.form", itemIdentifier: "checkin.form.pain")) {
            try session.submit(.skip, at: Self.at(1))
        }
        #expect(session.prompt?.itemIdentifier == "checkin.form.pain")
    }

    @Test(
        "A skipped optional form item is present with a nil answer (docs/navigation.md, \"Skipped and missing results\")"
    )
    func skippedFormItem() throws {
        var session = TaskSession(
            task: Self.checkin(optionalSleep: true), taskRunUUID: UUID(), startDate: Self.start,
            timeZone: TimeZone(identifier: "UTC")!)
        try session.submit(.answer(.scale(.integer(3))), at: Self.at(2))
        #expect(session.prompt?.canSkip == true)
        try session.submit(.skip, at: Self.at(4))
        let step = try #require(session.result(endDate: Self.at(4)).results.first)
        #expect(step.results.count == 2)
        #expect(step.questionResult(forIdentifier: "checkin.form.sleep")?.value == .scale(nil))
    }

    @Test("Skip on an optional form with a required item nils every item, as ResearchKit's form Skip does")
    func formLevelSkip() throws {
        var session = TaskSession(
            task: Self.checkin(optionalForm: true), taskRunUUID: UUID(), startDate: Self.start,
            timeZone: TimeZone(identifier: "UTC")!)
        try session.submit(.skip, at: Self.at(2))
        #expect(session.isFinished)
        let step = try #require(session.result(endDate: Self.at(2)).results.first)
        #expect(step.results.compactMap { if case .question(let q) = $0 { q.answer } else { nil } }.isEmpty)
        #expect(step.results.count == 2)
    }

    @Test("Question step: skip records a nil answer; continuing without an answer records no question result")
    func questionStepSkipVersusContinue() throws {
        let task = OrderedTask(
            identifier: "q",
            steps: [
                Step(
                    identifier: "mood", isOptional: true,
                    content: .question(QuestionContent(question: "Mood?", answerFormat: .boolean(BooleanFormat())))),
                Step(
                    identifier: "energy", isOptional: true,
                    content: .question(QuestionContent(question: "Energy?", answerFormat: .boolean(BooleanFormat())))),
            ])
        var session = TaskSession(
            task: task, taskRunUUID: UUID(), startDate: Self.start, timeZone: TimeZone(identifier: "UTC")!)
        try session.submit(.skip, at: Self.at(1))
        try session.submit(.noAnswer, at: Self.at(2))
        let result = session.result(endDate: Self.at(2))
        #expect(
            result.results[0].results == [
                .question(
                    QuestionResult(
                        identifier: "mood", startDate: Self.start, endDate: Self.at(1), questionType: .boolean,
                        value: .boolean(nil)))
            ])
        #expect(result.results[1].results.isEmpty)
    }

    @Test("Back inside a form returns to the previous item and keeps its answer for pre-filling")
    func backInsideForm() throws {
        var session = TaskSession(
            task: Self.checkin(), taskRunUUID: UUID(), startDate: Self.start, timeZone: TimeZone(identifier: "UTC")!)
        try session.submit(.answer(.scale(.integer(4))), at: Self.at(1))
        try session.submit(.back, at: Self.at(2))
        #expect(session.prompt?.itemIdentifier == "checkin.form.pain")
        #expect(session.prompt?.previousAnswer == .scale(.integer(4)))
        try session.submit(.answer(.scale(.integer(6))), at: Self.at(3))
        try session.submit(.answer(.scale(.integer(7))), at: Self.at(4))
        let step = try #require(session.result(endDate: Self.at(4)).results.first)
        #expect(step.questionResult(forIdentifier: "checkin.form.pain")?.answer == .scale(.integer(6)))
    }

    @Test("Going back drops the later step's result; instructions need an empty line; consent asks the name first")
    func instructionsConsentAndBack() throws {
        let consent = ConsentReviewContent(sections: [], reasonForConsent: "I agree")
        let task = OrderedTask(
            identifier: "onboarding",
            steps: [
                Step(identifier: "welcome", title: "Welcome", content: .instruction(InstructionContent())),
                Step(identifier: "consent", content: .consentReview(consent)),
                Step(identifier: "done", title: "Enrollment Complete", content: .completion(InstructionContent())),
            ])
        var session = TaskSession(
            task: task, taskRunUUID: UUID(), startDate: Self.start, timeZone: TimeZone(identifier: "UTC")!)
        #expect(throws: SessionError.inputDoesNotFit(stepIdentifier: "welcome", expected: "an empty line to continue"))
        {
            try session.submit(.answer(.text("hi")), at: Self.at(1))
        }
        try session.submit(.noAnswer, at: Self.at(1))
        // A document without sections or questions starts at the name; agreeing before it is refused.
        #expect(throws: SessionError.inputDoesNotFit(stepIdentifier: "consent", expected: "a name")) {
            try session.submit(.consent(true), at: Self.at(2))
        }
        try session.submit(.consentName("Ada"), at: Self.at(2))
        try session.submit(.consentName("Lovelace"), at: Self.at(2))
        try session.submit(.consent(true), at: Self.at(3))
        guard case .completion? = session.prompt?.item else {
            Issue.record("expected the completion prompt")
            return
        }
        try session.submit(.back, at: Self.at(4))
        #expect(session.prompt?.stepIdentifier == "consent")
        #expect(session.result(endDate: Self.at(4)).results.map(\.identifier) == ["welcome"])
        try session.submit(.consentName("Ada"), at: Self.at(5))
        try session.submit(.consentName("King"), at: Self.at(5))
        try session.submit(.consent(true), at: Self.at(5))
        try session.submit(.noAnswer, at: Self.at(6))
        let result = session.result(endDate: Self.at(6))
        #expect(result.results.map(\.identifier) == ["welcome", "consent", "done"])
        #expect(
            result.results[1].results == [
                .consentSignature(
                    ConsentSignatureResult(
                        identifier: "consent", startDate: Self.at(4), endDate: Self.at(5), consented: true,
                        signature: ConsentSignature(
                            identifier: "consent", givenName: "Ada", familyName: "King", signatureDate: "2025-11-21"),
                        document: ConsentDocumentReference(
                            identifier: "", version: "", digest: consent.digest, language: nil)))
            ])
    }

    @Test("A finished session refuses input")
    func finishedRefuses() throws {
        var session = TaskSession(
            task: Self.checkin(), taskRunUUID: UUID(), startDate: Self.start, timeZone: TimeZone(identifier: "UTC")!)
        try session.submit(.answer(.scale(.integer(1))), at: Self.at(1))
        try session.submit(.answer(.scale(.integer(2))), at: Self.at(2))
        #expect(throws: SessionError.finished) { try session.submit(.noAnswer, at: Self.at(3)) }
    }
}
