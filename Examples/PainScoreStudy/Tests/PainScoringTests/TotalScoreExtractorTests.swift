import CareModel
import Foundation
import OutcomeMapping
import PainScoring
import RegimenTesting
import Testing

@Suite("TotalScoreExtractor: pain-interference items and their total, in points")
struct TotalScoreExtractorTests {
    let extractor = TotalScoreExtractor()

    /// The pain form with these answers (nil = skipped).
    func painForm(intensity: GivenAnswer, enjoyment: GivenAnswer, activity: GivenAnswer) -> ResultTree {
        ResultTree("painInterference") {
            Form("pain.form") {
                Item("pain.form.intensity", intensity)
                Item("pain.form.enjoyment", enjoyment)
                Item("pain.form.activity", activity)
            }
        }
    }

    @Test("The total is the sum of the three items; each item is kept as its own kind")
    func total() throws {
        let outcomes = try extractor.outcomes(
            from: painForm(intensity: .scale(6), enjoyment: .scale(4), activity: .scale(5)))
        outcomes.check(
            .kinds(["pain.total", "pain.intensity", "pain.enjoyment", "pain.activity"]),
            .value("pain.total", .integer(15), units: "points"),
            .value("pain.intensity", .integer(6), units: "points"),
            .value("pain.enjoyment", .integer(4), units: "points"),
            .value("pain.activity", .integer(5), units: "points")
        ) { Issue.record(Comment(rawValue: $0)) }
    }

    @Test("The lowest and highest answers give totals 0 and 30")
    func bounds() throws {
        try extractor.outcomes(from: painForm(intensity: .scale(0), enjoyment: .scale(0), activity: .scale(0)))
            .require(.value("pain.total", .integer(0)))
        try extractor.outcomes(from: painForm(intensity: .scale(10), enjoyment: .scale(10), activity: .scale(10)))
            .require(.value("pain.total", .integer(30)))
    }

    @Test("A skipped item drops the total but keeps the answered items")
    func skippedItem() throws {
        let outcomes = try extractor.outcomes(
            from: painForm(intensity: .scale(6), enjoyment: .skipped(.scale), activity: .scale(5)))
        try outcomes.require(
            .absent("pain.total"), .absent("pain.enjoyment"), .kinds(["pain.intensity", "pain.activity"]))
    }

    @Test("A missing item or a decimal answer fails naming the result path")
    func errors() throws {
        let missing = ResultTree("painInterference") {
            Form("pain.form") { Item("pain.form.intensity", .scale(3)) }
        }
        try extractor.requireFailure(.missing(path: "pain.form/pain.form.enjoyment"), on: missing)
        try extractor.requireFailure(
            .wrongType(path: "pain.form/pain.form.activity", expected: "integer", found: "decimal number"),
            on: painForm(intensity: .scale(1), enjoyment: .scale(2), activity: .scale(2.5)))
        try extractor.requireFailure(
            .wrongTask(expected: "painInterference", found: "checkin"),
            on: ResultTree("checkin") { Instruction("x") })
    }

    @Test("The example result file in results/ scores 15")
    func exampleFile() throws {
        let result = try ResultFixture.load("../../results/painInterference-20251121-180210-6F0A2C1E.json")
        try extractor.outcomes(from: result).require(.value("pain.total", .integer(15), units: "points"))
    }
}
