import Foundation
import Testing

@testable import ResearchTasks

/// The one set of answer rules (docs/answer-validation.md) applied to answers read from files, and the proof that the
/// typed-input path uses the same rules: what typing refuses, the check refuses with the same words.
@Suite("Answer check: impossible answers per format (issue 11 item 4)")
struct AnswerCheckTests {
    let context = FormatFixture.context

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let format: AnswerFormat
        let answer: Answer
        let expected: [AnswerProblem]
        var testDescription: String { name }
    }

    static let trouble = TextChoiceFormat(
        style: .multiple,
        choices: [
            TextChoice(text: "Pain", value: .string("pain")),
            TextChoice(text: "Stiffness", value: .string("stiffness")),
            TextChoice(text: "Nothing", value: .string("none"), exclusive: true),
        ])
    static let withOther = TextChoiceFormat(
        style: .single,
        choices: [
            TextChoice(text: "Walk", value: .string("walk")),
            TextChoice(text: "Other", value: .string("Other"), other: OtherChoice()),
        ])
    static let percent = ContinuousScaleFormat(minimum: 0, maximum: 1, maximumFractionDigits: 2, numberStyle: .percent)
    static let weight = NumericFormat(style: .decimal, unit: "kg", minimum: 20, maximum: 300, maximumFractionDigits: 1)
    static let steps = NumericFormat(style: .integer, unit: "steps", minimum: 0, maximum: 100_000)
    static let date = DateFormat(style: .date, minimum: FormatFixture.utc(2020, 1, 1, 10, 0))

    @Test(
        "Each impossible answer gets exactly its problem; possible ones none",
        arguments: [
            Case(
                name: "scale above", format: .scale(ScaleFormat(minimum: 1, maximum: 10)), answer: .scale(.integer(11)),
                expected: [.aboveMaximum("10")]),
            Case(
                name: "scale below", format: .scale(ScaleFormat(minimum: 1, maximum: 10)), answer: .scale(.integer(0)),
                expected: [.belowMinimum("1")]),
            Case(
                name: "scale off step", format: .scale(ScaleFormat(minimum: 0, maximum: 10, step: 2)),
                answer: .scale(.integer(3)), expected: [.offStep(step: 2, from: 0)]),
            Case(
                name: "scale fraction", format: .scale(ScaleFormat(minimum: 0, maximum: 10)),
                answer: .scale(.decimal(4.5)),
                expected: [.notWhole]),
            Case(
                name: "scale whole decimal", format: .scale(ScaleFormat(minimum: 0, maximum: 10)),
                answer: .scale(.decimal(4)), expected: []),
            Case(
                name: "scale NaN", format: .scale(ScaleFormat(minimum: 0, maximum: 10)), answer: .scale(.decimal(.nan)),
                expected: [.notANumber]),
            Case(
                name: "continuous digits of the percentage", format: .continuousScale(percent),
                answer: .scale(.decimal(0.12345)), expected: [.tooManyFractionDigits(allowed: 2)]),
            Case(
                name: "continuous percentage in range", format: .continuousScale(percent),
                answer: .scale(.decimal(0.1234)), expected: []),
            Case(
                name: "continuous above", format: .continuousScale(percent), answer: .scale(.decimal(1.5)),
                expected: [.aboveMaximum("100.00%")]),
            Case(
                name: "continuous infinite", format: .continuousScale(percent), answer: .scale(.decimal(-.infinity)),
                expected: [.belowMinimum("0.00%")]),
            Case(
                name: "integer numeric fraction", format: .numeric(steps), answer: .numeric(.decimal(10.5)),
                expected: [.notWhole]),
            Case(
                name: "integer numeric above", format: .numeric(steps), answer: .numeric(.integer(200_000)),
                expected: [.aboveMaximum("100000 steps")]),
            Case(
                name: "decimal numeric digits", format: .numeric(weight), answer: .numeric(.decimal(72.25)),
                expected: [.tooManyFractionDigits(allowed: 1)]),
            Case(
                name: "decimal numeric fine", format: .numeric(weight), answer: .numeric(.decimal(72.5)), expected: []),
            Case(
                name: "unbounded numeric absurd", format: .numeric(NumericFormat(style: .decimal)),
                answer: .numeric(.decimal(1e300)), expected: [.tooLarge(negative: false)]),
            Case(
                name: "unbounded numeric absurdly small", format: .numeric(NumericFormat(style: .integer)),
                answer: .numeric(.integer(-2_000_000_000_000_000)), expected: [.tooLarge(negative: true)]),
            Case(
                name: "unbounded numeric NaN", format: .numeric(NumericFormat(style: .decimal)),
                answer: .numeric(.decimal(.nan)), expected: [.notANumber]),
            Case(
                name: "choice not in the list", format: .textChoice(trouble),
                answer: .choices([.string("pain"), .string("jogging")]), expected: [.notAChoice]),
            Case(
                name: "exclusive combined", format: .textChoice(trouble),
                answer: .choices([.string("pain"), .string("none")]), expected: [.notCombinable(choice: "Nothing")]),
            Case(
                name: "choice twice", format: .textChoice(trouble),
                answer: .choices([.string("pain"), .string("pain")]), expected: [.repeatedChoice]),
            Case(
                name: "two values for a single choice", format: .textChoice(withOther),
                answer: .choices([.string("walk"), .string("Other")]), expected: [.moreThanOneChoice]),
            Case(
                name: "free text of an other choice", format: .textChoice(withOther),
                answer: .choices([.string("cycling to work")]), expected: []),
            Case(
                name: "number where strings are values",
                format: .valuePicker(
                    ValuePickerFormat(choices: [
                        TextChoice(text: "Left", value: .string("Left"))
                    ])), answer: .choices([.integer(0)]), expected: [.notAChoice]),
            Case(
                name: "text too long", format: .text(TextFormat(maximumLength: 10)), answer: .text("abcdefghijklmnop"),
                expected: [.textTooLong(length: 16, maximum: 10)]),
            Case(name: "text blank", format: .text(TextFormat()), answer: .text("  \n"), expected: [.emptyText]),
            Case(
                name: "text too long and off pattern",
                format: .text(
                    TextFormat(
                        maximumLength: 3, pattern: "^[0-9]+$", invalidMessage: "digits")), answer: .text("abcd"),
                expected: [.textTooLong(length: 4, maximum: 3), .textNotMatching]),
            Case(
                name: "date before the earliest day", format: .date(date),
                answer: .date(FormatFixture.utc(2019, 12, 31, 23)),
                expected: [.beforeEarliest("date 2020-01-01")]),
            Case(
                name: "date on the earliest day before its time", format: .date(date),
                answer: .date(FormatFixture.utc(2020, 1, 1, 8)), expected: []),
            Case(
                name: "time of day out of range", format: .timeOfDay(TimeOfDayFormat()),
                answer: .timeOfDay(TimeOfDay(hour: 24, minute: 5)), expected: [.timeOutOfRange]),
            Case(
                name: "duration not a multiple of the step", format: .timeInterval(TimeIntervalFormat(step: 5)),
                answer: .timeInterval(420), expected: [.notMultipleOfStep(minutes: 5)]),
            Case(
                name: "duration in seconds", format: .timeInterval(TimeIntervalFormat()), answer: .timeInterval(90),
                expected: [.notWholeMinutes]),
            Case(
                name: "negative duration", format: .timeInterval(TimeIntervalFormat()), answer: .timeInterval(-60),
                expected: [.negativeDuration]),
            Case(
                name: "absurd duration", format: .timeInterval(TimeIntervalFormat()), answer: .timeInterval(1e12),
                expected: [.durationTooLong]),
            Case(
                name: "answer of another kind", format: .boolean(BooleanFormat()), answer: .scale(.integer(1)),
                expected: [.wrongKind]),
        ])
    func impossible(_ item: Case) {
        #expect(item.format.problems(with: item.answer, context: context) == item.expected)
    }

    @Test("Typed input and file answers share the rules: the typed message is the check's problem about the text")
    func typedUsesTheSameRules() throws {
        let pairs: [(AnswerFormat, String, Answer)] = [
            (.scale(ScaleFormat(minimum: 0, maximum: 10, step: 2)), "3", .scale(.integer(3))),
            (.scale(ScaleFormat(minimum: 1, maximum: 10)), "11", .scale(.integer(11))),
            (.numeric(Self.steps), "200000", .numeric(.integer(200_000))),
            (.numeric(Self.weight), "72.25", .numeric(.decimal(72.25))),
            (.numeric(NumericFormat(style: .decimal)), "2000000000000000", .numeric(.decimal(2e15))),
            (.textChoice(Self.trouble), "pain, nothing", .choices([.string("pain"), .string("none")])),
            (.timeInterval(TimeIntervalFormat(step: 5)), "7 min", .timeInterval(420)),
            (.date(Self.date), "2019-12-31", .date(FormatFixture.utc(2019, 12, 31))),
        ]
        for (format, typed, answer) in pairs {
            let problems = format.problems(with: answer, context: context)
            let problem = try #require(problems.first, "\(typed) must be refused")
            let expected = problem.text(subject: typed) + ": enter " + format.accepted
            #expect(format.message(typed) == expected, "\(typed)")
        }
    }

    @Test("Problem texts about a file's answer never contain the answer")
    func noAnswerInText() {
        let problems = AnswerFormat.text(TextFormat(maximumLength: 3, pattern: "^x$", invalidMessage: "x"))
            .problems(with: .text("secret words"), context: context)
        #expect(!problems.isEmpty)
        for problem in problems { #expect(!problem.text(subject: "the answer").contains("secret")) }
    }
}
