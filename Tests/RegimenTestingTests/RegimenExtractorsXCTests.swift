import CareModel
import Foundation
import OutcomeMapping
import RegimenTesting
import XCTest

/// The same extractors as RegimenExtractorsTests, from XCTest: failures reach `XCTFail`, or are thrown.
final class RegimenExtractorsXCTests: XCTestCase {
    func testCheckinValuesByKind() throws {
        let outcomes = try RegimenSurveys.extractor(forTask: "checkin").outcomes(
            from: ResultTree("checkin") {
                Form("checkin.form") {
                    Item("checkin.form.pain", .scale(2))
                    Item("checkin.form.sleep", .scale(10))
                }
            })
        outcomes.check(.value("checkin.form.pain", 2), .value("checkin.form.sleep", 10, units: "h")) { XCTFail($0) }
        XCTAssertEqual(try outcomes.double("checkin.form.sleep"), 10)
    }

    func testCheckinReportsMismatchThroughXCTFailClosure() throws {
        let outcomes = try RegimenSurveys.extractor(forTask: "checkin").outcomes(
            from: ResultTree("checkin") {
                Form("checkin.form") {
                    Item("checkin.form.pain", .scale(5))
                    Item("checkin.form.sleep", .skipped(.scale))
                }
            })
        var messages: [String] = []
        outcomes.check(.value("checkin.form.pain", 4), .value("checkin.form.sleep", 8)) { messages.append($0) }
        XCTAssertEqual(
            messages,
            [
                "expected kind 'checkin.form.pain' = 4.0 (double) but got 5.0",
                "no value of kind 'checkin.form.sleep'; kinds present: checkin.form.pain",
            ])
    }

    func testKneeRangeOfMotionInDegrees() throws {
        let extractor = try RegimenSurveys.extractor(forTask: "rangeOfMotionCheck")
        let outcomes = try extractor.outcomes(
            from: ResultTree("rangeOfMotionCheck") {
                MotionRange("knee.range.of.motion", minimum: 5, maximum: 125)
            })
        try outcomes.require(.value("range", 120, units: "degrees"))
    }

    func testShoulderRangeAndMaximum() throws {
        let extractor = try RegimenSurveys.extractor(forTask: "shoulderRangeOfMotion")
        let outcomes = try extractor.outcomes(
            from: ResultTree("shoulderRangeOfMotion") {
                MotionRange("shoulder.range.of.motion", minimum: 20, maximum: 160)
            })
        try outcomes.require(
            .kinds(["shoulder.range", "shoulder.maximum"]),
            .value("shoulder.range", 140, units: "degrees"),
            .value("shoulder.maximum", 160, units: "degrees")
        )
    }

    func testWrongTaskIsRefused() throws {
        let extractor = try RegimenSurveys.extractor(forTask: "checkin")
        try extractor.requireFailure(
            .wrongTask(expected: "checkin", found: "tour"), on: ResultTree("tour") { Instruction("x") })
    }
}
