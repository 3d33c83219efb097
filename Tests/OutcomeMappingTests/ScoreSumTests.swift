import CareModel
import Foundation
import OutcomeMapping
import RegimenTesting
import ResearchTasks
import Testing

@Suite("Declarative extractor: outcome `sum:` entries add the chosen options' scores (surveys/README.md, \"FHIR\")")
struct ScoreSumTests {
    static let scored = [
        ScoredChoice(value: .string("a"), score: 0), ScoredChoice(value: .string("b"), score: 1),
        ScoredChoice(value: .string("c"), score: 3),
    ]
    static let questions = [
        ScoredQuestion(path: ResultPath("f/q1")!, choices: scored),
        ScoredQuestion(path: ResultPath("f/q2")!, choices: scored),
        ScoredQuestion(
            path: ResultPath("mood")!,
            choices: [ScoredChoice(value: .integer(1), score: 0.5), ScoredChoice(value: .integer(2), score: 2)]),
    ]

    static func extractor(_ type: OutcomeValueType = .double, _ questions: [ScoredQuestion] = questions)
        -> DeclarativeExtractor
    {
        DeclarativeExtractor(
            taskIdentifier: "t", entries: [.init(kind: "total", sum: questions, units: "{score}", valueType: type)])
    }

    static func tree(_ q1: GivenAnswer, _ q2: GivenAnswer, mood: GivenAnswer? = .choice(2)) -> ResultTree {
        ResultTree("t") {
            Form("f") {
                Item("q1", q1)
                Item("q2", q2)
            }
            if let mood { Question("mood", mood) }
        }
    }

    static func values(_ extractor: DeclarativeExtractor, _ tree: ResultTree) throws -> [OutcomeValue] {
        try extractor.extract(from: tree.result, createdDate: ResultTree.pinnedStart)
    }

    @Test("All answered: one value, the total; a multiple choice adds each chosen option's score")
    func allAnswered() throws {
        #expect(
            try Self.values(Self.extractor(), Self.tree(.choice("b"), .choices("a", "c"))) == [
                OutcomeValue(.double(6), kind: "total", units: "{score}", createdDate: ResultTree.pinnedStart)
            ])
        let whole = Self.extractor(.integer, Array(Self.questions.prefix(2)))
        #expect(
            try Self.values(whole, Self.tree(.choice("c"), .choices("b", "c"))) == [
                OutcomeValue(.integer(7), kind: "total", units: "{score}", createdDate: ResultTree.pinnedStart)
            ])
    }

    @Test("One question unanswered (skipped, nothing chosen, never visited) or an unscored value: no value")
    func oneUnanswered() throws {
        #expect(try Self.values(Self.extractor(), Self.tree(.choice("b"), .skipped(.choice))).isEmpty)
        let noneChosen: (String...) -> GivenAnswer = GivenAnswer.choices
        #expect(try Self.values(Self.extractor(), Self.tree(.choice("b"), noneChosen())).isEmpty)
        #expect(try Self.values(Self.extractor(), Self.tree(.choice("b"), .choice("a"), mood: nil)).isEmpty)
        #expect(try Self.values(Self.extractor(), Self.tree(.choice("typed other text"), .choice("a"))).isEmpty)
    }

    @Test("A non-choice answer at a summed path is an error naming the path, never the answer")
    func wrongAnswerType() throws {
        #expect(
            throws: ExtractionError.wrongType(path: "f/q2", expected: "a choice answer", found: "another answer type")
        ) {
            try Self.values(Self.extractor(), Self.tree(.choice("b"), .text("secret")))
        }
    }
}
