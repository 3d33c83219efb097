import CareModel
import Foundation
import Testing

@testable import RegimenCommands

/// What the participant reads after a run and in the feed: values labelled by their kind, with units as people read
/// them (UCUM annotations without their braces).
@Suite("Outcome summary: labels, numbers and units as a participant reads them")
struct OutcomeSummaryTests {
    static func value(_ kind: String, _ value: OutcomeValue.Value, units: String?) -> OutcomeValue {
        OutcomeValue(value, kind: kind, units: units, createdDate: Date(timeIntervalSince1970: 0))
    }

    @Test("UCUM annotations lose their braces: a score reads \"Total 9 score\", not \"Total 9 {score}\"")
    func annotations() {
        let values = [
            Self.value("phq9.total", .integer(9), units: "{score}"),
            Self.value("vitals.pulse", .double(62), units: "{beats}/min"),
            Self.value("checkin.form.sleep", .double(7.5), units: "h"),
            Self.value("checkin.form.pain", .integer(4), units: nil),
        ]
        #expect(
            OutcomeSummary.text(values, timeZone: .gmt) == "Total 9 score · Pulse 62 beats/min · Sleep 7.5 h · Pain 4")
    }

    @Test("Target progress reads its units the same way")
    func targets() {
        let target = Self.value("steps", .double(8000), units: "{steps}")
        #expect(TargetProgress.text(values: [], targets: [target]) == "goal 8,000 steps")
        let sleep = Self.value("sleep", .double(7), units: "h")
        let slept = Self.value("sleep", .double(6.4), units: "h")
        #expect(TargetProgress.text(values: [slept], targets: [sleep]) == "6.4 of 7 h")
    }
}
