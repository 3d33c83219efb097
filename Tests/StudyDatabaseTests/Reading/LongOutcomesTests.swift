import CareModel
import Foundation
import RegimenFoundation
import Testing

@testable import StudyDatabase

/// The long table: one row per value of every stored outcome version, with its task version and status.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct LongOutcomesTests {
    @Test("replaced and superseded outcomes keep their rows with their status; versions and revisions numbered")
    func statuses() async throws {
        try await WideOutcomesTests.withScenario { study, scenario in
            let rows = try await study.longOutcomes(of: scenario.berlin, ReadFilter(task: "checkin"))
            let summary = rows.map {
                "\($0.outcome.outcome.occurrence)/\($0.taskVersion)/\($0.studyRevision) \($0.value?.kind ?? "-") \($0.outcome.status)"
            }
            #expect(
                summary == [
                    "0/1/1 pain replaced", "0/1/1 sleep replaced", "0/1/1 pain current", "0/1/1 sleep current",
                    "1/1/1 pain current", "1/1/1 sleep current", "2/1/1 pain superseded",
                    "0/2/2 pain current", "0/2/2 sleep current", "0/2/2 note current",
                ])
            #expect(rows.map(\.studyDay) == [1, 1, 1, 1, 2, 2, 3, 5, 5, 5])
            #expect(rows[0].outcome.outcome.syncID == "run-a" && rows[2].outcome.outcome.syncVersion == 2)
            #expect(rows[0].outcome.recordedTimeZone == "Europe/Berlin" && rows[0].outcome.recordedUTCOffset == 7200)
        }
    }

    @Test("the day filter keeps events of those local days only")
    func filtered() async throws {
        try await WideOutcomesTests.withScenario { study, scenario in
            let day = CivilDate(year: 2026, month: 10, day: 24)
            let rows = try await study.longOutcomes(of: scenario.berlin, ReadFilter(from: day, to: day))
            #expect(rows.map { $0.value?.kind } == ["pain", "sleep"])
            let none = try await study.longOutcomes(of: scenario.chatham, ReadFilter(task: "evening"))
            #expect(none.isEmpty)
        }
    }
}
