import Foundation
import Testing

@testable import ResearchTasks

/// The whole-tree check ingest and extract run before storing or showing anything (docs/answer-validation.md).
@Suite("Result tree check (issue 11 item 4)")
struct ResultTreeCheckTests {
    static let now = FormatFixture.now
    static let task = OrderedTask(
        identifier: "probe",
        steps: [
            Step(
                identifier: "probe.form",
                content: .form(
                    FormContent(elements: [
                        .item(
                            FormItem(
                                identifier: "probe.form.effort",
                                answerFormat: .scale(ScaleFormat(minimum: 0, maximum: 10, step: 2)))),
                        .item(
                            FormItem(identifier: "probe.form.note", answerFormat: .text(TextFormat(maximumLength: 5)))),
                    ]))),
            Step(
                identifier: "probe.walk",
                content: .question(
                    QuestionContent(
                        answerFormat: .timeInterval(TimeIntervalFormat(step: 5))))),
        ])
    let check = ResultTreeCheck(task: Self.task, context: FormatFixture.context)

    func tree(
        end: Date = now - 3600, start: Date? = nil, effort: QuestionValue = .scale(.integer(4)),
        extra: [ChildResult] = [], walk: Double? = 600
    ) -> TaskResult {
        let begin = start ?? end - 60
        let form = StepResult(
            identifier: "probe.form", startDate: begin, endDate: end,
            results: [
                .question(
                    QuestionResult(
                        identifier: "probe.form.effort", startDate: begin, endDate: end,
                        questionType: .scale, value: effort))
            ] + extra)
        let walkStep = StepResult(
            identifier: "probe.walk", startDate: begin, endDate: end,
            results: [
                .question(
                    QuestionResult(
                        identifier: "probe.walk", startDate: begin, endDate: end,
                        questionType: .timeInterval, value: .timeInterval(walk)))
            ])
        return TaskResult(
            identifier: "probe", taskRunUUID: UUID(), startDate: begin, endDate: end,
            results: [form, walkStep])
    }

    @Test("A possible tree has no problem; a skipped answer is not a problem")
    func possible() {
        #expect(check.problems(in: tree()).isEmpty)
        #expect(check.problems(in: tree(effort: .scale(nil), walk: nil)).isEmpty)
    }

    @Test("An answer off the scale is named by JSON path and identifiers, without the value")
    func answerPath() {
        let problems = check.problems(in: tree(effort: .scale(.integer(7))))
        #expect(
            problems.map(\.description) == [
                "results[0].results[0].scaleAnswer (probe.form/probe.form.effort): the answer is not on the scale (steps of 2 from 0)"
            ])
        let walk = check.problems(in: tree(walk: 7 * 60))
        #expect(walk.map(\.path) == ["results[1].results[0].intervalAnswer"])
    }

    @Test("A result class other than the format's, and a question the survey does not ask, are refused")
    func classAndUnknown() {
        let wrong = check.problems(in: tree(effort: .boolean(true)))
        #expect(wrong.map(\.kind) == [.wrongResultClass(expected: "ORKScaleQuestionResult")])
        let unknown = check.problems(
            in: tree(extra: [
                .question(
                    QuestionResult(
                        identifier: "probe.form.mystery", startDate: Self.now - 100, endDate: Self.now - 100,
                        questionType: .scale,
                        value: .scale(.integer(1))))
            ]))
        #expect(
            unknown.map(\.description) == [
                "results[0].results[1] (probe.form/probe.form.mystery): the survey's step has no such question, so the answer cannot be checked"
            ])
    }

    @Test("Dates: an end before the start and an end more than 10 minutes after now are refused; 9 minutes is not")
    func dates() {
        let backwards = check.problems(in: tree(end: Self.now - 3600, start: Self.now - 60))
        #expect(backwards.contains { $0.path == "endDate" && $0.kind == .endBeforeStart })
        #expect(backwards.contains { $0.path == "results[0].endDate" && $0.kind == .endBeforeStart })
        let future = check.problems(in: tree(end: Self.now + 11 * 60))
        #expect(future.first?.description == "endDate: the result ends in the future (more than 10 minutes after now)")
        #expect(check.problems(in: tree(end: Self.now + 9 * 60)).isEmpty)
    }

    @Test("A range-of-motion range outside 0…360 degrees or a non-finite angle is refused")
    func rangeOfMotion() {
        func motion(range: Double, maximum: Double = 80) -> ChildResult {
            .rangeOfMotion(
                RangeOfMotionResult(
                    identifier: "probe.form.rom", startDate: Self.now - 10, endDate: Self.now - 5, start: 0, finish: 0,
                    minimum: 0, maximum: maximum, range: range))
        }
        #expect(check.problems(in: tree(extra: [motion(range: 80)])).isEmpty)
        #expect(check.problems(in: tree(extra: [motion(range: 400)])).map(\.path) == ["results[0].results[1].range"])
        #expect(
            check.problems(in: tree(extra: [motion(range: 80, maximum: .nan)])).map(\.path)
                == ["results[0].results[1].maximum"])
    }
}
