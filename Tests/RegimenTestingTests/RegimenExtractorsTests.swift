import CareModel
import Foundation
import OutcomeMapping
import RegimenTesting
import Testing

/// Regimen's own extractors — the `outcomes:` of surveys/checkin.yaml and surveys/range-of-motion.yaml — tested
/// with RegimenTesting from Swift Testing (the XCTest twin is RegimenExtractorsXCTests).
@Suite("Regimen's check-in and range-of-motion extractors (Swift Testing)")
struct RegimenExtractorsTests {
    @Test(
        "Check-in: pain and sleep as doubles with the Recover sample's kinds; sleep in hours (docs/carekit-store.md, \"The Recover sample\")"
    )
    func checkin() throws {
        let extractor = try RegimenSurveys.extractor(forTask: "checkin")
        #expect(extractor.producedKinds.map(\.kind) == ["checkin.form.pain", "checkin.form.sleep"])
        let outcomes = try extractor.outcomes(
            from: ResultTree("checkin") {
                Form("checkin.form") {
                    Item("checkin.form.pain", .scale(4))
                    Item("checkin.form.sleep", .scale(7))
                }
            })
        outcomes.check(
            .kinds(["checkin.form.pain", "checkin.form.sleep"]),
            .value("checkin.form.pain", 4, units: .noUnits),
            .value("checkin.form.sleep", 7, units: "h")
        ) { Issue.record(Comment(rawValue: $0)) }
        #expect(outcomes.values.allSatisfy { $0.createdDate == ResultTree.pinnedStart.addingTimeInterval(60) })
    }

    @Test("Check-in: a skipped sleep answer yields only the pain value")
    func checkinSkipped() throws {
        let outcomes = try RegimenSurveys.extractor(forTask: "checkin").outcomes(
            from: ResultTree("checkin") {
                Form("checkin.form") {
                    Item("checkin.form.pain", .scale(9))
                    Item("checkin.form.sleep", .skipped(.scale))
                }
            })
        try outcomes.require(.value("checkin.form.pain", 9), .absent("checkin.form.sleep"))
    }

    @Test("Check-in: a result without the form step fails naming the step path")
    func checkinMissingForm() throws {
        let extractor = try RegimenSurveys.extractor(forTask: "checkin")
        #expect(
            extractor.extractionError(on: ResultTree("checkin") { Instruction("intro") })
                == .missing(path: "checkin.form"))
    }

    @Test(
        "Knee range of motion: the range field in degrees, after the predefined instruction steps (docs/range-of-motion.md, \"The tasks\")"
    )
    func kneeRange() throws {
        let extractor = try RegimenSurveys.extractor(forTask: "rangeOfMotionCheck")
        let outcomes = try extractor.outcomes(
            from: ResultTree("rangeOfMotionCheck") {
                Instruction("instruction")
                Instruction("touch.anywhere")
                MotionRange("knee.range.of.motion", minimum: 12, maximum: 97, start: 90, finish: 95)
                Instruction("rom.completion")
            })
        outcomes.check(.kinds(["range"]), .value("range", 85, units: "degrees")) { Issue.record(Comment(rawValue: $0)) }
    }

    @Test("Knee range of motion: a question where the measurement should be is a wrong-type error naming the path")
    func kneeRangeWrongType() throws {
        let extractor = try RegimenSurveys.extractor(forTask: "rangeOfMotionCheck")
        let tree = ResultTree("rangeOfMotionCheck") { Question("knee.range.of.motion", .scale(3)) }
        #expect(
            extractor.extractionError(on: tree)
                == .wrongType(
                    path: "knee.range.of.motion/knee.range.of.motion/range", expected: "a question answer (no field)",
                    found: "field range"))
    }
}
