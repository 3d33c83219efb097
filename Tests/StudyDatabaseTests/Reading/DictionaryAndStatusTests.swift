import CareModel
import Foundation
import RegimenFoundation
import Testing

@testable import StudyDatabase

/// The data dictionary (REDCap-shaped, from the published revisions) and the per-participant status.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct DictionaryAndStatusTests {
    @Test("one row per variable, named as the wide column, with choices and the revisions that added and removed it")
    func dictionary() async throws {
        try await WideOutcomesTests.withScenario { study, _ in
            let rows = try await study.dictionary()
            #expect(rows.map(\.variable) == ["checkin.pain", "sleep", "note", "evening.pain"])
            let pain = try #require(rows.first { $0.variable == "checkin.pain" })
            #expect(pain.choicesText == "0, None | 1, Some")
            #expect(pain.revisionAdded == 1 && pain.revisionRemoved == nil)
            #expect(pain.definition.minimum == 0 && pain.definition.maximum == 1)
            let evening = try #require(rows.first { $0.variable == "evening.pain" })
            #expect(evening.revisionAdded == 1 && evening.revisionRemoved == 2)
            let note = try #require(rows.first { $0.variable == "note" })
            #expect(note.revisionAdded == 2 && note.definition.type == "text")
            #expect(rows.first { $0.variable == "sleep" }?.definition.units == "h")
        }
    }

    @Test("status: study day, last data, missed events and adherence of the last 7 local days")
    func status() async throws {
        try await WideOutcomesTests.withScenario { study, scenario in
            let kathmandu = try await study.status(of: scenario.kathmandu, now: ReadingScenario.now)
            #expect(kathmandu.studyDay == 4)
            #expect(kathmandu.missedLastWeek == 1)
            #expect(kathmandu.adherenceLastWeek == 0.75)
            #expect(kathmandu.lastData == ReadingScenario.date("2026-10-23T07:00:00Z"))
            let chatham = try await study.status(of: scenario.chatham, now: ReadingScenario.now)
            #expect(chatham.studyDay == 2)
            #expect(chatham.missedLastWeek == 0)
            let berlin = try await study.status(of: scenario.berlin, now: ReadingScenario.now)
            #expect(berlin.studyDay == 6)
            #expect(berlin.missedLastWeek == 6)
        }
    }
}
