import Foundation
import RegimenFoundation
import ResearchTasks
import Testing

@testable import RangeOfMotion

/// Mapping to `RangeOfMotionResult`, manual goniometer readings and the `regimen motion` report.
@Suite("Range-of-motion results and report")
struct ResultAndReportTests {
    typealias T = TestSupport
    let startDate = Date(timeIntervalSince1970: 1_767_261_600)
    let endDate = Date(timeIntervalSince1970: 1_767_261_612)

    @Test(
        "the result carries the five values, the step id, dates and orientation userInfo (docs/range-of-motion.md, \"The five values, and the older two\")"
    )
    func resultFromMeasurement() {
        let m = RangeOfMotionCalculator.measure(T.recording([0, 0.5, 1, 2].map(T.rotationX)))
        let result = m.result(identifier: "knee.range.of.motion", startDate: startDate, endDate: endDate)
        #expect(result.identifier == "knee.range.of.motion")
        #expect(result.startDate == startDate && result.endDate == endDate)
        #expect(
            [result.start, result.finish, result.minimum, result.maximum, result.range]
                == [m.start, m.finish, m.minimum, m.maximum, m.range])
        #expect(result.userInfo?["orientation"] == .string("portrait"))
        #expect(result.userInfo?["orientationGuessed"] == .bool(true))
        #expect(result.userInfo?["source"] == .string("deviceMotion"))
        #expect(result.userInfo?["sampleCount"] == .integer(4))
        let given = RangeOfMotionCalculator.measure(T.recording([T.rotationY(3)]), orientation: .landscape)
            .result(identifier: "x", startDate: startDate, endDate: endDate)
        #expect(given.userInfo?["orientation"] == .string("landscape"))
        #expect(given.userInfo?["orientationGuessed"] == .bool(false))
    }

    @Test(
        "docs/range-of-motion.md, \"Manual goniometer readings\" manual input: shoulder reading 150 → start/finish/minimum 0, maximum 150, range 150, source goniometer"
    )
    func shoulderReading() throws {
        let result = try GoniometerReading(joint: .shoulder, degrees: 150)
            .result(identifier: "shoulder.range.of.motion", startDate: startDate, endDate: endDate)
        #expect([result.start, result.finish, result.minimum] == [0, 0, 0])
        #expect(result.maximum == 150 && result.range == 150)
        #expect(result.userInfo?["source"] == .string("goniometer"))
        #expect(result.userInfo?["joint"] == .string("shoulder"))
        #expect(result.userInfo?["reading"] == .double(150))
    }

    @Test(
        "docs/range-of-motion.md, \"Manual goniometer readings\" and \"What the numbers mean\" manual input: knee flexion at best extension F → maximum = range = 90 − F"
    )
    func kneeReading() throws {
        let bent = try GoniometerReading(joint: .knee, degrees: 10).result(
            identifier: "k", startDate: startDate, endDate: endDate)
        #expect(bent.maximum == 80 && bent.range == 80 && bent.start == 0 && bent.minimum == 0 && bent.finish == 0)
        let hyperextended = try GoniometerReading(joint: .knee, degrees: -5)
        #expect(hyperextended.maximum == 95)
    }

    @Test("a goniometer reading outside the joint's range or not a number is refused without repeating it")
    func readingValidation() {
        #expect(throws: GoniometerReadingError.outOfRange(joint: .knee, accepted: -30...90)) {
            try GoniometerReading(joint: .knee, degrees: 135)
        }
        #expect(throws: GoniometerReadingError.outOfRange(joint: .shoulder, accepted: 0...180)) {
            try GoniometerReading(joint: .shoulder, degrees: -1)
        }
        #expect(throws: GoniometerReadingError.notANumber) { try GoniometerReading(joint: .knee, degrees: .nan) }
        let message = GoniometerReadingError.outOfRange(joint: .knee, accepted: -30...90).description
        #expect(message == "a knee reading must be between -30 and 90 degrees")
    }

    @Test("report table: one aligned row per value, orientation and guess stated")
    func table() {
        let m = RangeOfMotionMeasurement(
            start: 89.5, finish: -0.25, minimum: 12, maximum: 180.125, range: 168.125, orientation: .portrait,
            orientationWasGuessed: true, sampleCount: 651)
        let lines = MotionReport(measurement: m, fileName: "knee.json").table.split(separator: "\n").map(String.init)
        #expect(lines.first == "file        knee.json")
        #expect(lines[1] == "orientation portrait (guessed from gravity)")
        #expect(lines.contains("start        89.500000"))
        #expect(lines.contains("finish       -0.250000"))
        #expect(lines.contains("maximum     180.125000"))
        let numberRows = lines.dropFirst(2)
        #expect(Set(numberRows.map(\.count)).count == 1)  // right-aligned: every row the same width
        let given = RangeOfMotionMeasurement(
            start: 0, finish: 0, minimum: 0, maximum: 0, range: 0, orientation: .landscape,
            orientationWasGuessed: false, sampleCount: 1)
        #expect(MotionReport(measurement: given).table.hasPrefix("orientation landscape\n"))
    }

    @Test("report JSON: sorted keys, exact numbers, parseable")
    func json() throws {
        let m = RangeOfMotionCalculator.measure(T.recording([30, 40, 50, 20.5].map(T.rotationX)))
        let text = MotionReport(measurement: m, fileName: "a \"b\".json").render(.json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["start"] as? Double == m.start)
        #expect(object["maximum"] as? Double == m.maximum)
        #expect(object["range"] as? Double == m.range)
        #expect(object["orientation"] as? String == "portrait")
        #expect(object["orientationGuessed"] as? Bool == true)
        #expect(object["sampleCount"] as? Int == 4)
        #expect(object["file"] as? String == "a \"b\".json")
        let keyOrder = [
            "file", "finish", "maximum", "minimum", "orientation", "orientationGuessed", "range", "sampleCount",
            "start",
        ]
        let positions = keyOrder.map { text.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }
}
