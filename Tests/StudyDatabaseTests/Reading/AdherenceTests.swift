import CareModel
import CareStore
import Foundation
import RegimenFoundation
import Testing

@testable import StudyDatabase

/// `study adherence` counts each local day exactly as a participant's own care store does for the care feed's ring.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason))
struct AdherenceTests {
    @Test("each day's adherence equals a local CareStore's for the same task versions and outcomes, across DST")
    func sameAsCareStore() async throws {
        try await TestServer.withDatabase { url in
            let seed = try await StudySeed.make(url)
            try await seed.publish(
                revision: 1, tasks: [ReadingScenario.checkin], at: ReadingScenario.date("2026-10-20T00:00:00Z"))
            let participant = try await seed.enroll(
                "berlin-2", zone: "Europe/Berlin", at: ReadingScenario.date("2026-10-23T08:00:00Z"))
            let calendar = participant.calendar
            let store = try CareStore.inMemory()
            let now = ReadingScenario.date("2026-10-23T00:00:00Z")
            // Two tasks that count (a daily check-in that moves to twice a day, a second daily task) and one that does
            // not.
            try store.addTask(try ReadingScenario.daily("checkin", hour: 8, from: "2026-10-23", participant), now: now)
            var second = try ReadingScenario.daily("checkin", hour: 9, from: "2026-10-26", participant)
            second.schedule = try Schedule(composing: [
                second.schedule,
                try Schedule.dailyAtTime(
                    hour: 18, minute: 0, start: second.effectiveDate, end: nil, text: nil, calendar: calendar),
            ])
            try store.updateTask(second, now: now)
            try store.addTask(try ReadingScenario.daily("walk", hour: 12, from: "2026-10-24", participant), now: now)
            var diary = try ReadingScenario.daily("diary", hour: 21, from: "2026-10-23", participant)
            diary.impactsAdherence = false
            try store.addTask(diary, now: now)
            let versions = try ["checkin", "walk", "diary"].flatMap { try store.taskVersions(id: $0) }
            for version in versions { try await seed.addVersion(version, of: participant, revision: 1) }
            let answers: [(String, Int, Int)] = [
                ("checkin", 0, 0), ("checkin", 0, 1), ("checkin", 1, 0), ("checkin", 1, 3), ("walk", 0, 2),
                ("diary", 0, 0),
            ]
            for (task, versionIndex, occurrence) in answers {
                let version = try store.taskVersions(id: task)[versionIndex]
                let values = [ReadingScenario.pain(1)]
                try store.addOutcome(
                    taskVersion: version.uuid, occurrence: occurrence, values: values, createdDate: now)
                try await seed.addOutcome(
                    version, occurrence: occurrence, of: participant, values: values, created: now)
            }
            await seed.close()
            let study = try await seed.open()
            let rows = try await study.adherenceDays(
                of: participant, ReadFilter(), now: ReadingScenario.date("2026-10-29T20:00:00Z"))
            await study.close()
            #expect(rows.map(\.firstDay.day) == Array(23...29))
            for row in rows {
                let start = StudyCalendar.start(of: row.firstDay, calendar: calendar)
                let next = StudyCalendar.start(of: CivilDate(dayNumber: row.firstDay.dayNumber + 1), calendar: calendar)
                let local = try store.adherence(from: start, to: next.addingTimeInterval(-1), calendar: calendar)
                #expect(local == [row.adherence], "day \(row.firstDay.text)")
            }
            // Not trivially equal: the days differ and some are partial.
            #expect(Set(rows.map(\.adherence)).count > 2)
            let weeks = AdherenceRow.weeks(of: rows)
            #expect(weeks.count == 1)
            #expect(weeks.first?.events == rows.reduce(0) { $0 + $1.events })
        }
    }
}
