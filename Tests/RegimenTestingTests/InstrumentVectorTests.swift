import CareModel
import Foundation
import OutcomeMapping
import RegimenTesting
import Testing

/// The standard instruments' survey files score every case of their test vectors as the vectors say
/// (docs/instruments/README.md, "Test vectors"): each case's answers go through the file's own outcomes, `sum:` and
/// `score:` alike, and every kind the case expects is stored with that value, or not stored where it expects null.
@Suite("Standard instruments: every test vector scored as its rule says")
struct InstrumentVectorTests {
    /// One instrument's vectors file.
    struct Vectors: Decodable {
        var instrument: String
        var cases: [Case]
    }

    /// One case: the chosen option's value per `step/item`, and each outcome kind's expected value (nil: none stored).
    struct Case: Decodable {
        var answers: [String: String]
        var expected: [String: Double?]
        var source: String
    }

    static let instruments = ["gad7", "koos-jr", "koos12", "phq9", "who5"]
    static let surveys = "../../surveys/instruments"

    static func vectors(_ file: String) throws -> Vectors {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("\(surveys)/vectors/\(file).json")
        return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    }

    @Test("each case's expected scores are the values the survey file's outcomes store", arguments: instruments)
    func casesScoreAsExpected(file: String) throws {
        let surveys = try StudySurveys.load(Self.surveys)
        let vectors = try Self.vectors(file)
        let task = vectors.instrument
        let extractor = try #require(try surveys.declarativeExtractor(forTask: task))
        let declared = Set(extractor.producedKinds.map(\.kind))
        #expect(!vectors.cases.isEmpty)
        for (number, testCase) in vectors.cases.enumerated() {
            // Every kind a case expects is one the file declares: a vector cannot test a score the file lacks.
            #expect(Set(testCase.expected.keys).isSubset(of: declared), "case \(number) of \(file)")
            let steps = try Set(testCase.answers.keys.map { String($0.split(separator: "/")[0]) }).sorted().map {
                step in (step, try surveys.formItems(task: task, step: step))
            }
            let tree = ResultTree(task) {
                for (step, items) in steps {
                    Form(step) {
                        for item in items {
                            if let value = testCase.answers["\(step)/\(item)"] {
                                Item(item, .choice(value))
                            } else {
                                Item(item, .skipped(.choice))
                            }
                        }
                    }
                }
            }
            let values = try extractor.checkedValues(from: tree.result, createdDate: ResultTree.pinnedStart)
            for (kind, expected) in testCase.expected {
                let stored = values.filter { $0.kind == kind }.map(\.value)
                let score: Double? =
                    switch stored.first {
                    case .integer(let whole): Double(whole)
                    case .double(let value): value
                    default: nil
                    }
                #expect(stored.count <= 1, "case \(number) of \(file): \(kind) stored \(stored.count) times")
                if let expected {
                    let found = try #require(score, "case \(number) of \(file) (\(testCase.source)): no \(kind)")
                    #expect(abs(found - expected) < 0.0005, "case \(number) of \(file) (\(testCase.source)): \(kind)")
                } else {
                    #expect(score == nil, "case \(number) of \(file) (\(testCase.source)): \(kind) stored")
                }
            }
        }
    }
}
