import CareModel
import Foundation
import OutcomeMapping
import RegimenTesting
import ResearchTasks
import Testing

/// Outcome `score:` entries (surveys/README.md, "Scores"): an expression over the finished result's resource, with a
/// rule for missing answers.
@Suite("Declarative extractor: outcome `score:` entries, their missing-answer rule and proration")
struct ScoreRuleTests {
    static let options = AnswerFormat.textChoice(
        TextChoiceFormat(
            style: .single,
            choices: [
                TextChoice(text: "Not at all", value: .integer(0), score: 0),
                TextChoice(text: "Several days", value: .integer(1), score: 1),
                TextChoice(text: "More than half the days", value: .integer(2), score: 2),
                TextChoice(text: "Nearly every day", value: .integer(3), score: 3),
            ]))
    static let ids = (1...9).map { "q\($0)" }
    /// A PHQ-9-shaped form: nine items scored 0–3.
    static let task = OrderedTask(
        identifier: "phq9",
        steps: [
            Step(
                identifier: "f",
                content: .form(
                    FormContent(elements: ids.map { .item(FormItem(identifier: $0, answerFormat: options)) })))
        ])

    /// The PHQ-9 total as the manual's users prorate it: with at most two items missing, the mean of the answered
    /// items × 9, rounded to the nearest whole number; with more missing, no score.
    static func phq9() throws -> DeclarativeExtractor {
        let rule = ScoreRule(
            expression: try SurveyExpression(parsing: "%items.ordinal().sum()"), task: task,
            missing: MissingItemsRule(
                items: ids.map { ResultPath("f/\($0)")! }, atLeast: 7, prorate: true, round: .nearest))
        return DeclarativeExtractor(
            taskIdentifier: "phq9",
            entries: [.init(kind: "phq9.total", score: rule, units: "{score}", valueType: .integer)])
    }

    /// A run answering item i with `scores[i]` (nil: skipped).
    static func tree(_ scores: [Int?]) -> ResultTree {
        ResultTree("phq9") {
            Form("f") {
                for (index, score) in scores.enumerated() {
                    Item(ids[index], score.map { .choice($0) } ?? .skipped(.choice))
                }
            }
        }
    }

    static func values(_ extractor: DeclarativeExtractor, _ scores: [Int?]) throws -> [OutcomeValue.Value] {
        try extractor.extract(from: tree(scores).result, createdDate: ResultTree.pinnedStart).map(\.value)
    }

    @Test("All nine answered: the plain total of the chosen options' scores")
    func allAnswered() throws {
        #expect(try Self.values(Self.phq9(), [1, 2, 3, 0, 1, 2, 3, 0, 1]) == [.integer(13)])
    }

    @Test("Two missing: the total prorated to nine items and rounded (11 × 9 / 7 = 14.14 → 14)")
    func prorated() throws {
        #expect(try Self.values(Self.phq9(), [1, 2, 3, 0, 1, 2, 2, nil, nil]) == [.integer(14)])
        // 12 × 9 / 8 = 13.5 → 14: half away from zero.
        #expect(try Self.values(Self.phq9(), [1, 2, 3, 0, 1, 2, 2, 1, nil]) == [.integer(14)])
    }

    @Test("Three missing (fewer than atLeast answered): no value is stored")
    func tooManyMissing() throws {
        #expect(try Self.values(Self.phq9(), [1, 2, 3, 0, 1, 2, nil, nil, nil]).isEmpty)
    }

    @Test("%answered and %itemCount let the expression prorate itself; WHO-5's raw × 4 is a percentage")
    func expressionVariables() throws {
        let rule = ScoreRule(
            expression: try SurveyExpression(parsing: "(%items.ordinal().sum() * %itemCount / %answered * 4)"),
            task: Self.task,
            missing: MissingItemsRule(items: Self.ids.prefix(5).map { ResultPath("f/\($0)")! }, atLeast: 4))
        let extractor = DeclarativeExtractor(
            taskIdentifier: "phq9", entries: [.init(kind: "who5", score: rule, units: "%", valueType: .double)])
        // Five answered, raw 9: 9 × 5 / 5 × 4 = 36; four answered, raw 6: 6 × 5 / 4 × 4 = 30.
        #expect(try Self.values(extractor, [1, 2, 3, 0, 3, nil, nil, nil, nil]) == [.double(36)])
        #expect(try Self.values(extractor, [1, 2, 3, 0, nil, nil, nil, nil, nil]) == [.double(30)])
    }

    @Test("An expression that cannot give one number is an error naming the kind, never an answer")
    func notANumber() throws {
        let rule = ScoreRule(expression: try SurveyExpression(parsing: "%q1 | %q2"), task: Self.task)
        let extractor = DeclarativeExtractor(
            taskIdentifier: "phq9", entries: [.init(kind: "bad", score: rule, valueType: .double)])
        #expect(throws: ExtractionError.self) { try Self.values(extractor, [1, 2, 3, 0, 3, 1, 1, 1, 1]) }
        let empty = DeclarativeExtractor(
            taskIdentifier: "phq9",
            entries: [
                .init(
                    kind: "none", score: ScoreRule(expression: try SurveyExpression(parsing: "%q1"), task: Self.task),
                    valueType: .double)
            ])
        #expect(try Self.values(empty, [nil, 2, 3, 0, 3, 1, 1, 1, 1]).isEmpty)
    }
}
