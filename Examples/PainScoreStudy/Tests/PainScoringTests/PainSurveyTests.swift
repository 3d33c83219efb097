import Foundation
import OutcomeMapping
import PainScoring
import RegimenTesting
import Testing

@Suite("The study's survey and its extractor agree")
struct PainSurveyTests {
    /// The study's survey folder, loaded and validated as `painstudy validate` would (date-only values read in UTC).
    static func surveys() throws -> StudySurveys {
        try StudySurveys.load("../../surveys")
    }

    @Test("The survey defines the extractor's task, with every item it reads as a form item")
    func itemsExist() throws {
        let itemIDs = Set(
            try Self.surveys().formItems(task: TotalScoreExtractor().taskIdentifier, step: TotalScoreExtractor.formStep)
        )
        for (_, item) in TotalScoreExtractor.items {
            #expect(itemIDs.contains(item), "the survey has no item \(item)")
        }
    }

    @Test("The survey's own outcomes: mapping yields the same item values (without the total) as the Swift extractor")
    func declarativeMatchesItems() throws {
        let declarative = try #require(try Self.surveys().declarativeExtractor(forTask: "painInterference"))
        let tree = ResultTree("painInterference") {
            Form("pain.form") {
                Item("pain.form.intensity", .scale(2))
                Item("pain.form.enjoyment", .scale(7))
                Item("pain.form.activity", .scale(3))
            }
        }
        let swiftValues = try TotalScoreExtractor().outcomes(from: tree).values.filter {
            $0.kind != TotalScoreExtractor.totalKind
        }
        #expect(try declarative.outcomes(from: tree).values == swiftValues)
    }
}
