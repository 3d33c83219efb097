import CareModel
import Foundation
import OutcomeMapping
import RegimenTesting
import ResearchTasks
import Testing

/// A code extractor standing in for a study's: one constant value, so the tests can tell it from a declarative one.
private struct ConstantExtractor: OutcomeExtractor {
    let taskIdentifier: String
    var producedKinds: [OutcomeKindDescription] { [OutcomeKindDescription(kind: "constant", type: .integer)] }

    func extract(from result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue] {
        [OutcomeValue(.integer(1), kind: "constant", createdDate: createdDate)]
    }
}

@Suite("Extractor registry: one extractor per task, the later registration wins")
struct ExtractorRegistryTests {
    @Test("A code extractor registered after the survey's declarative one replaces it for that task only")
    func laterWins() throws {
        let declarative = DeclarativeExtractor(taskIdentifier: "checkin", entries: [
            .init(kind: "pain", path: ResultPath("checkin.form/checkin.form.pain")!),
        ])
        var registry = ExtractorRegistry([declarative, DeclarativeExtractor(taskIdentifier: "tour", entries: [])])
        registry.register(ConstantExtractor(taskIdentifier: "checkin"))
        #expect(registry.taskIdentifiers == ["checkin", "tour"])
        let extractor = try #require(registry.extractor(forTask: "checkin"))
        try extractor.outcomes(from: ResultTree("checkin") { Instruction("x") }).require(.kinds(["constant"]))
        #expect(registry.extractor(forTask: "tour") is DeclarativeExtractor)
        #expect(registry.extractor(forTask: "other") == nil)
    }
}
