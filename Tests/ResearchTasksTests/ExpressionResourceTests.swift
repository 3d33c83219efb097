import FHIRPath
import Foundation
import Testing

@testable import ResearchTasks

/// The one resource every survey expression reads (docs/expressions.md, "The resource"), and piped text.
@Suite("Expressions: the QuestionnaireResponse-shaped resource of the answers, and text templates")
struct ExpressionResourceTests {
    static let start = Date(timeIntervalSince1970: 1_763_712_000)
    static let utc = TimeZone(identifier: "UTC")!
    static let mood = AnswerFormat.textChoice(
        TextChoiceFormat(
            style: .multiple,
            choices: [
                TextChoice(
                    text: "Low", value: .string("low"), coding: Coding(system: "http://example.org", code: "L"),
                    score: 2),
                TextChoice(text: "Fine", value: .string("fine"), score: 0.5),
            ]))
    static let task = OrderedTask(
        identifier: "t",
        steps: [
            Step(
                identifier: "weight", linkId: "/29463-7",
                content: .question(QuestionContent(answerFormat: .numeric(NumericFormat(style: .decimal))))),
            Step(
                identifier: "f",
                content: .form(
                    FormContent(elements: [
                        .item(FormItem(identifier: "mood", answerFormat: mood)),
                        .group(
                            FormGroup(
                                identifier: "g",
                                elements: [.item(FormItem(identifier: "note", answerFormat: .text(TextFormat())))])),
                    ]))),
        ])

    static func result(mood: Answer?, note: Answer?) -> TaskResult {
        func question(_ id: String, _ format: AnswerFormat, _ answer: Answer?) -> ChildResult {
            .question(.make(id, format: format, answer: answer, start: start, end: start, timeZone: utc))
        }
        return TaskResult(
            identifier: "t", taskRunUUID: UUID(), startDate: start, endDate: start,
            results: [
                StepResult(
                    identifier: "weight", startDate: start, endDate: start,
                    results: [question("weight", .numeric(NumericFormat(style: .decimal)), .numeric(.decimal(70.5)))]),
                StepResult(
                    identifier: "f", startDate: start, endDate: start,
                    results: [question("mood", Self.mood, mood), question("note", .text(TextFormat()), note)]),
            ])
    }

    static func evaluate(_ text: String, _ result: TaskResult) throws -> [FHIRPathValue] {
        let scope = ExpressionScope(
            task: task, result: result, environment: ExpressionEnvironment(timeZone: utc), now: start)
        return try scope.evaluate(try SurveyExpression(parsing: text)).get()
    }

    @Test("Items by linkId, forms and groups nested, choices as Codings carrying their score; unanswered left out")
    func shape() throws {
        let answered = Self.result(mood: .choices([.string("low"), .string("fine")]), note: .text("tired"))
        #expect(try Self.evaluate("item.linkId", answered) == [.string("/29463-7"), .string("f")])
        #expect(try Self.evaluate("item[1].item.linkId", answered) == [.string("mood"), .string("g")])
        #expect(try Self.evaluate("item[1].item[1].item.answer.value", answered) == [.string("tired")])
        #expect(try Self.evaluate("%`/29463-7`", answered) == [.decimal(70.5)])
        #expect(try Self.evaluate("%mood.code", answered) == [.string("L"), .string("fine")])
        #expect(try Self.evaluate("%mood.ordinal().sum()", answered) == [.decimal(2.5)])
        let unanswered = Self.result(mood: nil, note: nil)
        #expect(try Self.evaluate("item[1].exists()", unanswered) == [.boolean(false)])
        #expect(try Self.evaluate("%mood", unanswered) == [])
    }

    @Test("A template splits text and expressions; \\{{ writes {{; an empty value shows —")
    func templates() throws {
        let template = try TextTemplate(parsing: "Hi {{ %name }}, \\{{ stays }} and {{ %missing }}.")
        #expect(template.expressions.map(\.text) == [" %name ", " %missing "])
        #expect(template.render { $0.text == " %name " ? "Ann" : nil } == "Hi Ann, {{ stays }} and —.")
        #expect(throws: TextTemplate.Problem.unterminated(column: 4)) { try TextTemplate(parsing: "ab {{ 1 +") }
        #expect(throws: TextTemplate.Problem.empty(column: 1)) { try TextTemplate(parsing: "{{  }}") }
        #expect(!TextTemplate.isTemplate("plain text"))
    }

    @Test("Task variables each reading the two before them are evaluated once each, not once per reference")
    func chainedVariablesEvaluateOnce() throws {
        // f0 = 0, f1 = 1, fN = %f(N-1) + %f(N-2). Evaluated per reference, %f24 would take 75,024 evaluations of
        // variables (the number doubles about every 1.4 variables); evaluated once each, 25.
        var variables = [
            TaskVariable(name: "f0", expression: try SurveyExpression(parsing: "0")),
            TaskVariable(name: "f1", expression: try SurveyExpression(parsing: "1")),
        ]
        for n in 2...24 {
            variables.append(
                TaskVariable(name: "f\(n)", expression: try SurveyExpression(parsing: "%f\(n - 1) + %f\(n - 2)")))
        }
        var task = Self.task
        task.expressions = TaskExpressions(variables: variables)
        let scope = ExpressionScope(
            task: task, result: Self.result(mood: nil, note: nil),
            environment: ExpressionEnvironment(timeZone: Self.utc),
            now: Self.start)
        let (value, known) = scope.evaluateKnowing(try SurveyExpression(parsing: "%f24 + %f23"))
        #expect(try value.get() == [.integer(75_025)])
        #expect(known.evaluations == 25)
        #expect(scope.values(ofVariable: "f2") == [.integer(1)])
    }
}
