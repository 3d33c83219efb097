import CareModel
import Foundation
import RegimenTesting
import ResearchTasks
import Synchronization
import Testing

@testable import OutcomeMapping

/// A code extractor standing in for a study's: one constant value, so the tests can tell it from a declarative one.
/// `returned` makes it break its own declaration; `calls` counts the calls of `extract`.
private struct ConstantExtractor: OutcomeExtractor {
    let taskIdentifier: String
    var returned = OutcomeValue(.integer(1), kind: "constant", units: "points", createdDate: .distantPast)
    let calls = Counter()

    final class Counter: Sendable {
        let count = Mutex(0)
    }

    var producedKinds: [OutcomeKindDescription] {
        [OutcomeKindDescription(kind: "constant", units: "points", type: .integer)]
    }

    func extract(from result: TaskResult, createdDate: Date) throws(ExtractionError) -> [OutcomeValue] {
        calls.count.withLock { $0 += 1 }
        var value = returned
        value.createdDate = createdDate
        return [value]
    }
}

@Suite("Extractor registry: one extractor per task, the later registration wins")
struct ExtractorRegistryTests {
    @Test("A code extractor registered after the survey's declarative one replaces it for that task only")
    func laterWins() throws {
        let declarative = DeclarativeExtractor(
            taskIdentifier: "checkin",
            entries: [
                .init(kind: "pain", path: ResultPath("checkin.form/checkin.form.pain")!)
            ])
        var registry = ExtractorRegistry([declarative, DeclarativeExtractor(taskIdentifier: "tour", entries: [])])
        registry.register(ConstantExtractor(taskIdentifier: "checkin"))
        #expect(registry.taskIdentifiers == ["checkin", "tour"])
        let extractor = try #require(registry.extractor(forTask: "checkin"))
        try extractor.outcomes(from: ResultTree("checkin") { Instruction("x") }).require(.kinds(["constant"]))
        #expect(registry.extractor(forTask: "tour") is DeclarativeExtractor)
        #expect(registry.extractor(forTask: "other") == nil)
    }

    @Test(
        "The registry extracts as every command does: nil without an extractor, and a value that breaks producedKinds is an error naming the kind"
    )
    func valuesAreCheckedAgainstProducedKinds() throws {
        let result = ResultTree("checkin") { Instruction("x") }.result
        let registry = { (extractor: ConstantExtractor) in ExtractorRegistry([extractor]) }
        var extractor = ConstantExtractor(taskIdentifier: "checkin")
        #expect(try registry(extractor).values(of: result, createdDate: result.endDate)?.map(\.kind) == ["constant"])
        #expect(try ExtractorRegistry().values(of: result, createdDate: result.endDate) == nil)
        extractor.returned = OutcomeValue(.integer(1), kind: "other", createdDate: .distantPast)
        #expect(throws: ExtractionError.undeclaredKind(kind: "other", declared: ["constant"])) {
            try registry(extractor).values(of: result, createdDate: result.endDate)
        }
        extractor.returned = OutcomeValue(.double(1.5), kind: "constant", units: "points", createdDate: .distantPast)
        #expect(
            throws: ExtractionError.undeclaredShape(
                kind: "constant", declared: extractor.producedKinds[0], valueType: "double", units: "points")
        ) {
            try registry(extractor).values(of: result, createdDate: result.endDate)
        }
        extractor.returned = OutcomeValue(.integer(1), kind: nil, createdDate: .distantPast)
        #expect(throws: ExtractionError.valueWithoutKind) {
            try registry(extractor).values(of: result, createdDate: result.endDate)
        }
        #expect(
            ExtractionError.undeclaredKind(kind: "other", declared: ["constant"]).description
                == "the extractor returned a value of kind 'other', which its producedKinds do not list (they list 'constant')"
        )
    }

    @Test("An extractor is never called with another task's result: the task is matched first")
    func theTaskIsMatchedBeforeTheCall() {
        let extractor = ConstantExtractor(taskIdentifier: "checkin")
        let tour = ResultTree("tour") { Instruction("x") }.result
        #expect(throws: ExtractionError.wrongTask(expected: "checkin", found: "tour")) {
            try extractor.checkedValues(from: tour, createdDate: tour.endDate)
        }
        #expect(extractor.calls.count.withLock { $0 } == 0)
    }
}
