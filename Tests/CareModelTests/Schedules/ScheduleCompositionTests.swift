import Foundation
import TestSupport
import Testing

@testable import CareModel

@Suite(
    "Composed schedules, numbering and helpers (docs/schedules.md, \"Composed schedules\" and \"Daily and weekly at a time\"; docs/carekit-store.md, \"The Recover sample\")"
)
struct ScheduleCompositionTests {
    let utc = Pinned.utc

    @Test(
        "docs/schedules.md, \"Composed schedules\" tie example: ended elements are counted (occ 0, 1) then dropped; the others are occ 2 and 3"
    )
    func tieExample() throws {
        func element(_ start: String, end: String?) throws -> ScheduleElement {
            try ScheduleElement(
                start: Pinned.date(start), end: end.map { Pinned.date($0) }, interval: .daily, duration: .minutes(1),
                calendar: utc)
        }
        let schedule = try Schedule(composing: [
            element("2023-06-01 00:00", end: "2023-06-01 00:01"), element("2023-06-01 00:00", end: "2023-06-01 00:01"),
            element("2023-06-01 00:01", end: nil), element("2023-06-01 00:01", end: nil),
        ])
        let events = schedule.events(from: Pinned.date("2023-06-01 00:01"), to: Pinned.date("2023-06-01 00:02"))
        #expect(events.map(\.elementIndex) == [2, 3])
        #expect(events.map(\.occurrence) == [2, 3])
    }

    @Test("elements sort by start, equal starts keep the given order (docs/schedules.md, \"Composed schedules\")")
    func stableSort() throws {
        let late = try ScheduleElement(
            start: Pinned.date("2023-06-02 09:00"), interval: .daily, text: "late", calendar: utc)
        let a = try ScheduleElement(start: Pinned.date("2023-06-01 09:00"), interval: .daily, text: "a", calendar: utc)
        let b = try ScheduleElement(start: Pinned.date("2023-06-01 09:00"), interval: .daily, text: "b", calendar: utc)
        let schedule = try Schedule(composing: [late, b, a])
        #expect(schedule.elements.map(\.text) == ["b", "a", "late"])
        let events = schedule.events(from: Pinned.date("2023-06-02 00:00"), to: Pinned.date("2023-06-03 00:00"))
        #expect(events.map(\.occurrence) == [2, 3, 4])
        #expect(events.map(\.elementIndex) == [0, 1, 2])
    }

    @Test(
        "docs/schedules.md, \"Composed schedules\" numbering quirk: mixed durations are numbered by the full merge, consistent with event(occurrence:)"
    )
    func saferNumbering() throws {
        let x = try ScheduleElement(
            start: Pinned.date("2023-06-01 00:00"), interval: .daily, duration: .hours(10), calendar: utc)
        let y = try ScheduleElement(
            start: Pinned.date("2023-06-01 01:00"), interval: .daily, duration: .minutes(1), calendar: utc)
        let schedule = try Schedule(composing: [x, y])
        let events = schedule.events(from: Pinned.date("2023-06-01 05:00"), to: Pinned.date("2023-06-01 06:00"))
        #expect(events.count == 1)
        #expect(events.first?.occurrence == 0)  // CareKit would say 1, which is Y's event.
        #expect(schedule.event(occurrence: 1)?.elementIndex == 1)
        #expect(schedule.event(occurrence: 0) == events.first)
    }

    @Test("event(occurrence:) follows the merge and is nil past the end (docs/schedules.md, \"Composed schedules\")")
    func eventByOccurrence() throws {
        let schedule = try Schedule(composing: [
            ScheduleElement(
                start: Pinned.date("2023-06-01 07:30"), end: Pinned.date("2023-06-03 00:00"), interval: .daily,
                calendar: utc),
            ScheduleElement(
                start: Pinned.date("2023-06-01 12:00"), end: Pinned.date("2023-06-03 00:00"), interval: .daily,
                calendar: utc),
        ])
        let starts = (0..<4).compactMap { schedule.event(occurrence: $0).map { Pinned.text($0.start) } }
        #expect(starts == ["2023-06-01 07:30:00", "2023-06-01 12:00:00", "2023-06-02 07:30:00", "2023-06-02 12:00:00"])
        #expect(schedule.event(occurrence: 4) == nil)
        #expect(schedule.event(occurrence: -1) == nil)
    }

    @Test(
        "dailyAtTime starts on the same day even before start; weeklyAtTime picks the weekday on/after start (docs/schedules.md, \"Daily and weekly at a time\")"
    )
    func helpers() throws {
        let now = Pinned.date("2023-06-15 10:17")  // Thursday
        let daily = try Schedule.dailyAtTime(hour: 8, minute: 0, start: now, end: nil, text: nil, calendar: utc)
        #expect(daily.event(occurrence: 0).map { Pinned.text($0.start) } == "2023-06-15 08:00:00")
        let sunday = try Schedule.weeklyAtTime(
            weekday: 1, hour: 5, minute: 30, start: now, end: nil, text: nil, calendar: utc)
        #expect(sunday.event(occurrence: 0).map { Pinned.text($0.start) } == "2023-06-18 05:30:00")
        let wednesday = try Schedule.weeklyAtTime(
            weekday: 4, hour: 5, minute: 30, start: Pinned.date("2023-06-14 10:17"), end: nil, text: nil, calendar: utc)
        #expect(wednesday.event(occurrence: 0).map { Pinned.text($0.start) } == "2023-06-14 05:30:00")
        #expect(wednesday.event(occurrence: 1).map { Pinned.text($0.start) } == "2023-06-21 05:30:00")
        #expect(throws: ScheduleError.self) {
            try Schedule.dailyAtTime(hour: 24, minute: 0, start: now, end: nil, text: nil, calendar: utc)
        }
    }

    @Test("Recover range-of-motion schedule (now 2023-06-15 10:17 UTC) (docs/carekit-store.md, \"The Recover sample\")")
    func recoverRangeOfMotion() throws {
        let now = Pinned.date("2023-06-15 10:17")
        let startOfDay = utc.startOfDay(for: now)
        let week = utc.date(byAdding: .weekOfYear, value: 1, to: now)!
        let month = utc.date(byAdding: .month, value: 1, to: startOfDay)!
        let schedule = try Schedule(composing: [
            ScheduleElement(start: startOfDay, end: week, interval: .daily, duration: .allDay, calendar: utc),
            ScheduleElement(start: week, end: month, interval: .weekly, duration: .allDay, calendar: utc),
        ])
        let all = schedule.events(from: Pinned.date("2023-06-01 00:00"), to: Pinned.date("2023-08-01 00:00"))
        #expect(all.map(\.occurrence) == Array(0...11))
        #expect(all.prefix(8).allSatisfy { $0.elementIndex == 0 })
        #expect(
            all.suffix(4).map { Pinned.text($0.start) }
                == ["2023-06-22 00:00:00", "2023-06-29 00:00:00", "2023-07-06 00:00:00", "2023-07-13 00:00:00"])
        let june22 = schedule.events(from: Pinned.date("2023-06-22 00:00"), to: Pinned.date("2023-06-22 23:59:59"))
        #expect(june22.map(\.occurrence) == [7, 8])
        #expect(schedule.endDate == Pinned.date("2023-07-15 00:00"))
        #expect(schedule.events(from: Pinned.date("2023-07-15 00:00"), to: Pinned.date("2023-12-31 00:00")).isEmpty)
    }
}
