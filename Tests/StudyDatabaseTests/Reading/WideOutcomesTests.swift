import CareModel
import Foundation
import RegimenFoundation
import Testing

@testable import StudyDatabase

/// The wide table: one row per participant × event from enrollment to now (missed events included), fixed columns.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct WideOutcomesTests {
    /// Runs `body` on the seeded scenario.
    static func withScenario(_ body: (StudyDatabase, ReadingScenario) async throws -> Void) async throws {
        try await TestServer.withDatabase { url in
            let seed = try await StudySeed.make(url)
            let scenario = try await ReadingScenario.seed(seed)
            await seed.close()
            let study = try await seed.open()
            do {
                try await body(study, scenario)
                await study.close()
            } catch {
                await study.close()
                throw error
            }
        }
    }

    @Test("columns: one per declared variable over every revision; a kind two tasks share is prefixed by its task")
    func columns() async throws {
        try await Self.withScenario { study, _ in
            let all = try await study.wideColumns(task: nil)
            let checkin = try await study.wideColumns(task: "checkin")
            let nothing = try await study.wideColumns(task: "nothing")
            #expect(all.names == ["checkin.pain", "sleep", "note", "evening.pain"])
            #expect(checkin.names == ["pain", "sleep", "note"])
            #expect(nothing.names == [])
        }
    }

    @Test("every event up to now, across a version change and the end of summer time, missed ones with empty cells")
    func berlinEvents() async throws {
        try await Self.withScenario { study, scenario in
            let columns = try await study.wideColumns(task: nil)
            let rows = try await study.wideRows(
                of: scenario.berlin, ReadFilter(task: "checkin"), columns: columns, now: ReadingScenario.now)
            #expect(rows.map(\.status) == ["completed", "completed", "missed", "missed", "completed", "missed"])
            #expect(rows.map(\.studyDay) == [1, 2, 3, 4, 5, 6])
            #expect(rows.map(\.occurrence) == [0, 1, 2, 3, 0, 1])
            #expect(
                rows.map { StudyCalendar.localText($0.eventStart, in: scenario.berlin.timeZone) } == [
                    "2026-10-23T08:00:00+02:00", "2026-10-24T08:00:00+02:00", "2026-10-25T08:00:00+01:00",
                    "2026-10-26T08:00:00+01:00", "2026-10-27T09:00:00+01:00", "2026-10-28T09:00:00+01:00",
                ])
            #expect(StudyCalendar.utcText(rows[2].eventStart) == "2026-10-25T07:00:00Z")
            // The replaced outcome is not current: the cell holds the replacement's value; a superseded one leaves it
            // empty.
            #expect(rows[0].cells[0] == [.integer(0)])
            #expect(rows[0].cells[1] == [.double(6.5)])
            #expect(rows[2].cells.allSatisfy { $0.isEmpty })
            #expect(rows[4].cells[2] == [.text("fine, \"thanks\"")])
        }
    }

    @Test("a removed task's events stay until its removal; zones at +05:45 and +13:45; withdrawal ends the rows")
    func allParticipants() async throws {
        try await Self.withScenario { study, scenario in
            let columns = try await study.wideColumns(task: nil)
            let berlin = try await study.wideRows(
                of: scenario.berlin, ReadFilter(), columns: columns, now: ReadingScenario.now)
            #expect(berlin.count == 10)
            #expect(
                berlin.filter { $0.task == "evening" }.map(\.status) == ["completed", "missed", "missed", "missed"])
            #expect(berlin.first { $0.task == "evening" }?.cells[3] == [.integer(1)])
            let kathmandu = try await study.wideRows(
                of: scenario.kathmandu, ReadFilter(), columns: columns, now: ReadingScenario.now)
            #expect(kathmandu.map(\.status) == ["completed", "completed", "completed", "missed"])
            #expect(
                StudyCalendar.localText(kathmandu[0].eventStart, in: scenario.kathmandu.timeZone)
                    == "2026-10-25T08:00:00+05:45")
            let chatham = try await study.wideRows(
                of: scenario.chatham, ReadFilter(), columns: columns, now: ReadingScenario.now)
            #expect(chatham.count == 1)
            #expect(chatham.first?.studyDay == 1)
            #expect(
                chatham.first.map { StudyCalendar.localText($0.eventStart, in: scenario.chatham.timeZone) }
                    == "2026-10-27T08:00:00+13:45")
            #expect(chatham.first.map { StudyCalendar.utcText($0.eventStart) } == "2026-10-26T18:15:00Z")
        }
    }

    @Test("--from/--to are local days in each participant's zone; a filter keeping nothing keeps the columns")
    func filters() async throws {
        try await Self.withScenario { study, scenario in
            let columns = try await study.wideColumns(task: nil)
            let day = CivilDate(year: 2026, month: 10, day: 25)
            let filter = ReadFilter(from: day, to: day)
            let berlin = try await study.wideRows(
                of: scenario.berlin, filter, columns: columns, now: ReadingScenario.now)
            #expect(berlin.map(\.task) == ["checkin", "evening"])
            let kathmandu = try await study.wideRows(
                of: scenario.kathmandu, filter, columns: columns, now: ReadingScenario.now)
            #expect(kathmandu.count == 1)
            let empty = ReadFilter(from: CivilDate(year: 2027, month: 1, day: 1))
            let none = try await study.wideRows(of: scenario.berlin, empty, columns: columns, now: ReadingScenario.now)
            #expect(none.isEmpty)
            #expect(columns.names.count == 4)
            do {
                _ = try await study.participants(ReadFilter(participant: "nobody"))
                Issue.record("an unknown participant was not refused")
            } catch {
                #expect(error as? StudyDatabaseError == .participantNotFound(label: "nobody"))
            }
            let labels = try await study.participants(ReadFilter()).map(\.label)
            #expect(labels == ["berlin-1", "chatham", "kathmandu"])
        }
    }
}
