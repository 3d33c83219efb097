import CareModel
import Foundation
import OutcomeMapping
import ResearchTasks
import Testing

@Suite("Outcomes of ResearchKit files of every version (docs/researchkit-results.md)")
struct ResearchKitResultExtractionTests {
    private static func crafted(_ name: String) throws -> TaskResult {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try ResultFileCodec.decode(
            Data(contentsOf: root.appendingPathComponent("Tests/Fixtures/ResultFiles/researchkit-shapes/\(name)")))
    }

    private static func extract(_ result: TaskResult, _ path: String, type: OutcomeValueType = .double) throws
        -> [OutcomeValue.Value]
    {
        let extractor = DeclarativeExtractor(
            taskIdentifier: result.identifier, entries: [.init(kind: "k", path: ResultPath(path)!, valueType: type)])
        return try extractor.extract(from: result, createdDate: result.endDate).map(\.value)
    }

    @Test("A ResearchKit 2.0 knee result (flexed 95.5, extended 12) yields the same fields as a ResearchKit 3 one")
    func legacyRangeOfMotion() throws {
        let result = try Self.crafted("range-of-motion-versions.json")
        let knee = "knee.range.of.motion/knee.range.of.motion/"
        #expect(try Self.extract(result, knee + "range") == [.double(83.5)])
        #expect(try Self.extract(result, knee + "start") == [.double(95.5)])
        #expect(try Self.extract(result, knee + "finish") == [.double(12)])
        #expect(try Self.extract(result, knee + "minimum") == [.double(12)])
        #expect(try Self.extract(result, knee + "maximum") == [.double(95.5)])
        #expect(try Self.extract(result, "shoulder.range.of.motion/shoulder.range.of.motion/range") == [.double(148.5)])
    }

    @Test("booleanAnswer written as a number and booleans among choice answers extract as booleans")
    func numericBooleans() throws {
        let result = try Self.crafted("booleans-as-numbers.json")
        #expect(try Self.extract(result, "flags.form/many", type: .boolean) == [.boolean(true)])
        #expect(try Self.extract(result, "flags.form/zero", type: .boolean) == [.boolean(false)])
        #expect(throws: ExtractionError.self) { try Self.extract(result, "flags.form/mixed", type: .boolean) }
    }
}
