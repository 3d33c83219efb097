import Catalog
import Foundation
import OutcomeMapping
import PainScoring
import RegimenTesting
import Testing

@Suite("The study's survey and its extractor agree")
struct PainSurveyTests {
    /// The study's survey folder, loaded and validated as `painstudy validate` would (UTC calendar pinned).
    static func catalog() throws -> Catalog {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return try Catalog.load(directory: ResultFixture.url("../../surveys"), calendar: calendar)
    }

    @Test("The survey defines the extractor's task, with every item it reads as a form item")
    func itemsExist() throws {
        let entry = try #require(try Self.catalog().entry(forTask: TotalScoreExtractor().taskIdentifier))
        let form = try #require(entry.task.steps.first { $0.identifier == TotalScoreExtractor.formStep })
        guard case .form(let content) = form.content else {
            Issue.record("step \(TotalScoreExtractor.formStep) is not a form")
            return
        }
        let itemIDs = Set(content.items.map(\.identifier))
        for (_, item) in TotalScoreExtractor.items {
            #expect(itemIDs.contains(item), "the survey has no item \(item)")
        }
    }

    @Test("The survey's own outcomes: mapping yields the same item values (without the total) as the Swift extractor")
    func declarativeMatchesItems() throws {
        let declarative = try #require(try Self.catalog().entry(forTask: "painInterference")?.declarativeExtractor)
        let tree = ResultTree("painInterference") {
            Form("pain.form") {
                Item("pain.form.intensity", .scale(2))
                Item("pain.form.enjoyment", .scale(7))
                Item("pain.form.activity", .scale(3))
            }
        }
        let swiftValues = try TotalScoreExtractor().outcomes(from: tree).values.filter { $0.kind != TotalScoreExtractor.totalKind }
        #expect(try declarative.outcomes(from: tree).values == swiftValues)
    }
}
