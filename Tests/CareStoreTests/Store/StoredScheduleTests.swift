import CareModel
import Foundation
import TestSupport
import Testing

@testable import CareStore

/// The `task.schedule` column: what `StoredSchedule.encode` writes (`ScheduleJSON`), `decode` reads back
/// exactly, and a damaged column is a precise `corruptRow` error, never a crash.
@Suite("Stored schedules: JSON column round trip and damage")
struct StoredScheduleTests {
    private func decode(_ text: String) throws -> Schedule {
        try StoredSchedule.decode(text, taskID: "t")
    }

    private func corruption(_ text: String) throws -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch CareStoreError.corruptRow(let table, let column, let reason) {
            #expect(table == "task" && column == "schedule")
            return reason
        }
    }

    @Test("every field of every element survives: interval, end, duration, text, target values, zone, week rules")
    func roundTrip() throws {
        var london = Pinned.calendar("Europe/London")
        london.firstWeekday = 2
        london.minimumDaysInFirstWeek = 4
        var bare = Calendar(identifier: .gregorian)
        bare.timeZone = try #require(TimeZone(identifier: "Asia/Kathmandu"))
        let created = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
        let schedule = try Schedule(composing: [
            ScheduleElement(
                start: Pinned.date("2026-03-01 08:00", london), end: Pinned.date("2026-06-01 00:00", london),
                interval: ScheduleInterval(minute: 30, hour: 1, day: 2), duration: .seconds(900.5), text: "Morning",
                targetValues: [
                    OutcomeValue(.double(4.5), kind: "pain", units: "points", createdDate: created),
                    OutcomeValue(.text("ok"), createdDate: created),
                ],
                calendar: london),
            ScheduleElement(
                start: Pinned.date("2026-01-05 00:00", Pinned.utc),
                interval: ScheduleInterval(weekOfYear: 1, month: 1, year: 1),
                duration: .allDay, calendar: bare),
        ])
        let text = try StoredSchedule.encode(schedule, taskID: "t")
        #expect(try decode(text) == schedule)
    }

    @Test("text that is not JSON, or has no elements, is reported as a corrupt schedule column")
    func notJSON() throws {
        #expect(try corruption("{\"elements\": [") == "invalid JSON")
        #expect(try corruption("not json") == "invalid JSON")
        #expect(try corruption("{}")?.hasPrefix("invalid schedule") == true)
    }

    @Test("a missing or mistyped field names the element and the field")
    func missingField() throws {
        let good = try StoredSchedule.encode(
            try Schedule(composing: [
                ScheduleElement(start: Pinned.date("2026-01-01 08:00"), interval: .daily, calendar: Pinned.utc)
            ]), taskID: "t")
        let noStart = good.replacingOccurrences(of: "\"start\":", with: "\"begin\":")
        #expect(try corruption(noStart) == "element 0: missing or mistyped start")
        let textDay = good.replacingOccurrences(of: "\"day\":1", with: "\"day\":\"1\"")
        #expect(try corruption(textDay) == "element 0: missing or mistyped interval.day")
        let mars = good.replacingOccurrences(of: "\"gregorian\"", with: "\"martian\"")
        #expect(try corruption(mars) == "unsupported calendar martian")
        let nowhere = good.replacing(/"timeZone":"[^"]*"/, with: "\"timeZone\":\"Nowhere\\/City\"")
        #expect(try corruption(nowhere) == "unknown time zone Nowhere/City")
    }
}
