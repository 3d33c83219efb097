import Foundation
import TestSupport
import Testing

@testable import CareModel

@Suite("Schedule element generation (docs/schedules.md, \"The event query for [A, B)\" and \"Calendar arithmetic\")")
struct ScheduleElementTests {
    let utc = Pinned.utc
    let la = Pinned.losAngeles

    func daily(
        _ start: String, end: String? = nil, duration: ScheduleDuration = .hours(1), calendar: Calendar = Pinned.utc
    ) throws -> Schedule {
        try Schedule(composing: [
            ScheduleElement(
                start: Pinned.date(start, calendar), end: end.map { Pinned.date($0, calendar) }, interval: .daily,
                duration: duration, calendar: calendar)
        ])
    }

    @Test("event start == query start is returned (docs/schedules.md, \"The event query for [A, B)\")")
    func startEqualsQueryStart() throws {
        let schedule = try daily("2023-06-01 08:00")
        let events = schedule.events(from: Pinned.date("2023-06-03 08:00"), to: Pinned.date("2023-06-03 12:00"))
        #expect(events.map(\.occurrence) == [2])
    }

    @Test(
        "an event that started before the query and ends exactly at its start is returned (docs/schedules.md, \"The event query for [A, B)\")"
    )
    func endEqualsQueryStart() throws {
        let schedule = try daily("2023-06-01 08:00")
        let events = schedule.events(from: Pinned.date("2023-06-03 09:00"), to: Pinned.date("2023-06-03 12:00"))
        #expect(events.map(\.occurrence) == [2])
        #expect(events.first?.end == Pinned.date("2023-06-03 09:00"))
    }

    @Test(
        "an event whose end is before the query start is not returned (docs/schedules.md, \"The event query for [A, B)\")"
    )
    func endBeforeQueryStart() throws {
        let schedule = try daily("2023-06-01 08:00")
        #expect(schedule.events(from: Pinned.date("2023-06-03 09:00:01"), to: Pinned.date("2023-06-03 12:00")).isEmpty)
    }

    @Test(
        "an event starting exactly at the query end is not returned (docs/schedules.md, \"The event query for [A, B)\")"
    )
    func startEqualsQueryEnd() throws {
        let schedule = try daily("2023-06-01 08:00")
        #expect(schedule.events(from: Pinned.date("2023-06-03 07:00"), to: Pinned.date("2023-06-03 08:00")).isEmpty)
    }

    @Test(
        "a zero-duration event at t is returned for [t, t+1s); an empty query returns nothing (docs/schedules.md, \"The event query for [A, B)\")"
    )
    func zeroDuration() throws {
        let schedule = try daily("2023-06-01 08:00", duration: .seconds(0))
        let t = Pinned.date("2023-06-02 08:00")
        #expect(schedule.events(from: t, to: t.addingTimeInterval(1)).map(\.occurrence) == [1])
        #expect(schedule.events(from: t, to: t).isEmpty)
    }

    @Test("an event starting at the element end is not generated (docs/schedules.md, \"The event query for [A, B)\")")
    func startAtElementEnd() throws {
        let schedule = try daily("2023-06-01 08:00", end: "2023-06-03 08:00")
        let events = schedule.events(from: Pinned.date("2023-06-01 00:00"), to: Pinned.date("2023-06-10 00:00"))
        #expect(events.map(\.occurrence) == [0, 1])
    }

    @Test(
        "an all-day element ending at 00:00 of day D has no event on D; ending at 00:00:01 it has (docs/schedules.md, \"The event query for [A, B)\")"
    )
    func allDayEnd() throws {
        let ends0 = try daily("2023-06-01 10:00", end: "2023-06-03 00:00", duration: .allDay)
        let ends1 = try daily("2023-06-01 10:00", end: "2023-06-03 00:00:01", duration: .allDay)
        let day = (Pinned.date("2023-06-03 00:00"), Pinned.date("2023-06-03 23:59:59"))
        #expect(ends0.events(from: day.0, to: day.1).isEmpty)
        #expect(ends1.events(from: day.0, to: day.1).map(\.occurrence) == [2])
    }

    @Test(
        "overlapping events (interval shorter than duration) are all returned (docs/schedules.md, \"The event query for [A, B)\")"
    )
    func overlapping() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2023-06-01 08:00"), interval: ScheduleInterval(hour: 1), duration: .hours(3),
            calendar: utc)
        let events = try Schedule(composing: [element])
            .events(from: Pinned.date("2023-06-01 10:30"), to: Pinned.date("2023-06-01 11:00"))
        #expect(events.map(\.occurrence) == [0, 1, 2])
    }

    @Test(
        "an all-day element starts at the start of its day and its events end at 23:59:59 (docs/schedules.md, \"Schedule elements\")"
    )
    func allDayBounds() throws {
        let schedule = try daily("2023-06-01 10:17", duration: .allDay)
        let event = try #require(schedule.event(occurrence: 1))
        #expect(Pinned.text(event.start) == "2023-06-02 00:00:00")
        #expect(Pinned.text(event.end) == "2023-06-02 23:59:59")
    }

    @Test(
        "daily 08:00 keeps wall-clock time across spring-forward; hourly steps are absolute (docs/schedules.md, \"Calendar arithmetic\")"
    )
    func dstWallClockAndAbsolute() throws {
        let schedule = try daily("2023-03-10 08:00", calendar: la)
        let starts = schedule.events(from: Pinned.date("2023-03-10 00:00", la), to: Pinned.date("2023-03-14 00:00", la))
            .map { Pinned.text($0.start, la) }
        #expect(starts == ["2023-03-10 08:00:00", "2023-03-11 08:00:00", "2023-03-12 08:00:00", "2023-03-13 08:00:00"])
        let hourly = try Schedule(composing: [
            ScheduleElement(
                start: Pinned.date("2023-03-12 00:00", la), interval: ScheduleInterval(hour: 1), calendar: la)
        ])
        let hours = hourly.events(from: Pinned.date("2023-03-12 00:00", la), to: Pinned.date("2023-03-12 03:30", la))
            .map { Pinned.text($0.start, la) }
        #expect(hours == ["2023-03-12 00:00:00", "2023-03-12 01:00:00", "2023-03-12 03:00:00"])
    }

    @Test(
        "daily 02:30 over spring-forward shifts to 03:30 and the shift sticks (docs/schedules.md, \"Calendar arithmetic\")"
    )
    func stickyShift() throws {
        let schedule = try daily("2023-03-10 02:30", calendar: la)
        let starts = schedule.events(from: Pinned.date("2023-03-10 00:00", la), to: Pinned.date("2023-03-14 00:00", la))
            .map { Pinned.text($0.start, la) }
        #expect(starts == ["2023-03-10 02:30:00", "2023-03-11 02:30:00", "2023-03-12 03:30:00", "2023-03-13 03:30:00"])
        // Years later the shifted time still sticks, found without stepping and identical to stepping.
        let later = (Pinned.date("2026-07-01 00:00", la), Pinned.date("2026-07-02 00:00", la))
        #expect(schedule.events(from: later.0, to: later.1) == schedule.steppingEvents(from: later.0, to: later.1))
        #expect(
            schedule.events(from: later.0, to: later.1).map { Pinned.text($0.start, la) } == ["2026-07-01 03:30:00"])
    }

    @Test(
        "monthly from Jan 31 clamps to Feb 28 and then stays on the 28th (docs/schedules.md, \"Calendar arithmetic\")")
    func monthEndClamping() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2023-01-31 09:00"), interval: .monthly, calendar: utc)
        let starts = try Schedule(composing: [element])
            .events(from: Pinned.date("2023-01-01 00:00"), to: Pinned.date("2023-06-01 00:00")).map {
                Pinned.text($0.start)
            }
        #expect(
            starts == [
                "2023-01-31 09:00:00", "2023-02-28 09:00:00", "2023-03-28 09:00:00", "2023-04-28 09:00:00",
                "2023-05-28 09:00:00",
            ])
    }

    @Test(
        "an all-day event on the 23-hour day runs 00:00 PST to 23:59:59 PDT; fixed durations are elapsed time (docs/schedules.md, \"Calendar arithmetic\")"
    )
    func shortDay() throws {
        let allDay = try daily("2023-03-12 00:00", duration: .allDay, calendar: la)
        let event = try #require(allDay.event(occurrence: 0))
        #expect(event.end.timeIntervalSince(event.start) == 23 * 3600 - 1)
        let fixed = try daily("2023-03-12 01:00", duration: .hours(3), calendar: la)
        let first = try #require(fixed.event(occurrence: 0))
        #expect(Pinned.text(first.end, la) == "2023-03-12 05:00:00")
    }

    @Test("invalid elements throw instead of trapping")
    func invalid() {
        #expect(throws: ScheduleError.self) {
            try ScheduleElement(
                start: Pinned.date("2023-01-02"), end: Pinned.date("2023-01-01"), interval: .daily, calendar: utc)
        }
        #expect(throws: ScheduleError.self) {
            try ScheduleElement(start: Pinned.date("2023-01-02"), interval: ScheduleInterval(), calendar: utc)
        }
        #expect(throws: ScheduleError.self) {
            try ScheduleElement(
                start: Pinned.date("2023-01-02"), interval: ScheduleInterval(hour: 1), duration: .allDay, calendar: utc)
        }
        #expect(throws: ScheduleError.self) { try Schedule(composing: [ScheduleElement]()) }
    }
}
