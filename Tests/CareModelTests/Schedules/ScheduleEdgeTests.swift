import Foundation
import TestSupport
import Testing

@testable import CareModel

/// The edges of a day's event query, in the style of CareKit's own schedule tests (docs/schedules.md): events that
/// began before the day and last into it, elements that end during or before the day, and days whose midnight or
/// one o'clock is skipped or repeated.
@Suite("Schedule edges: events lasting into a day, ended elements, DST days")
struct ScheduleEdgeTests {
    let utc = Pinned.utc

    private func day(_ text: String, _ calendar: Calendar = Pinned.utc) -> (Date, Date) {
        let start = Pinned.date(text + " 00:00", calendar)
        return (start, calendar.date(byAdding: .day, value: 1, to: start)!)
    }

    @Test("an all-day event is returned for its whole day although its element ended that morning")
    func allDayAfterElementEndedThatMorning() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2023-06-10 10:17"), end: Pinned.date("2023-06-15 10:17"), interval: .daily,
            duration: .allDay,
            calendar: utc)
        let schedule = try Schedule(composing: [element])
        let (start, end) = day("2023-06-15")
        let events = schedule.events(from: start, to: end)
        #expect(events.map(\.occurrence) == [5])
        #expect(events.map { Pinned.text($0.end) } == ["2023-06-15 23:59:59"])
        // Queried from the afternoon (after the element ended), the all-day event still lasts into the window.
        #expect(schedule.events(from: Pinned.date("2023-06-15 10:17:01"), to: end).map(\.occurrence) == [5])
        #expect(schedule.events(from: Pinned.date("2023-06-15 10:16"), to: end).map(\.occurrence) == [5])
        #expect(schedule.events(from: Pinned.date("2023-06-16 00:00"), to: Pinned.date("2023-06-17 00:00")).isEmpty)
    }

    @Test("a 30-hour event that began yesterday is one of today's events while its element has not ended by midnight")
    func longEventFromYesterday() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2023-06-12 20:00"), end: Pinned.date("2023-06-15 06:00"),
            interval: ScheduleInterval(day: 2),
            duration: .hours(30), calendar: utc)
        let schedule = try Schedule(composing: [element])
        let (start, end) = day("2023-06-15")
        // Events: 06-12 20:00 → 06-14 02:00 (ended before today), 06-14 20:00 → 06-16 02:00 (lasts into today).
        let events = schedule.events(from: start, to: end)
        #expect(events.map { Pinned.text($0.start) } == ["2023-06-14 20:00:00"])
        #expect(events.map(\.occurrence) == [1])
        #expect(schedule.event(occurrence: 1) == events.first)
    }

    @Test("an element that ended yesterday: its event lasting into today is not one of today's events (CareKit's rule)")
    func elementEndedYesterday() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2023-06-12 22:00"), end: Pinned.date("2023-06-14 23:00"), interval: .daily,
            duration: .hours(4), calendar: utc)
        let schedule = try Schedule(composing: [element])
        let (start, end) = day("2023-06-15")
        #expect(schedule.events(from: start, to: end).isEmpty)
        // Yesterday's query has it, whole.
        let yesterday = day("2023-06-14")
        #expect(
            schedule.events(from: yesterday.0, to: yesterday.1).map { Pinned.text($0.end) }
                == ["2023-06-14 02:00:00", "2023-06-15 02:00:00"])
    }

    @Test(
        "a 73-hour event is on the days it overlaps (days 0–3) and not after (docs/schedules.md, \"The event query for [A, B)\")"
    )
    func multiDayEvent() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2023-06-15 00:00"), interval: ScheduleInterval(day: 8), duration: .hours(73),
            calendar: utc)
        let schedule = try Schedule(composing: [element])
        var counts: [Int] = []
        for offset in 0..<8 {
            let start = Pinned.date("2023-06-15 00:00").addingTimeInterval(Double(offset) * 86_400)
            counts.append(schedule.events(from: start, to: start.addingTimeInterval(86_400)).count)
        }
        #expect(counts == [1, 1, 1, 1, 0, 0, 0, 0])
    }

    @Test(
        "São Paulo, 2018-11-04 has no midnight: an all-day element every 2 days that ends that evening has that day's event"
    )
    func allDayOnSkippedMidnightAtElementEnd() throws {
        let saoPaulo = Pinned.calendar("America/Sao_Paulo")
        let element = try ScheduleElement(
            start: Date(timeIntervalSince1970: 1_540_090_800),  // 2018-10-21 00:00 -03
            end: Date(timeIntervalSince1970: 1_541_364_300),  // 2018-11-04 18:45 -02
            interval: ScheduleInterval(day: 2), duration: .allDay, calendar: saoPaulo)
        let schedule = try Schedule(composing: [element])
        let dayStart = saoPaulo.startOfDay(for: Date(timeIntervalSince1970: 1_541_340_000))
        #expect(Pinned.text(dayStart, saoPaulo) == "2018-11-04 01:00:00")
        let events = schedule.events(from: dayStart, to: saoPaulo.date(byAdding: .day, value: 1, to: dayStart)!)
        #expect(events.map(\.start) == [dayStart])
        #expect(events.map(\.occurrence) == [7])
        #expect(schedule.event(occurrence: 7)?.start == dayStart)
        #expect(
            events.map(\.start)
                == schedule.steppingEvents(from: dayStart, to: dayStart.addingTimeInterval(82_800)).map(\.start))
    }

    @Test("Los Angeles, 2018-11-04: an element starting at the second 01:00 (PST) has its first event at its own start")
    func startInRepeatedHour() throws {
        let la = Pinned.losAngeles
        let start = Date(timeIntervalSince1970: 1_541_322_000)  // 2018-11-04 01:00 PST, after 01:00 PDT
        let element = try ScheduleElement(
            start: start, interval: ScheduleInterval(day: 2), duration: .hours(25), calendar: la)
        let schedule = try Schedule(composing: [element])
        let (dayStart, dayEnd) = day("2018-11-04", la)
        #expect(schedule.events(from: dayStart, to: dayEnd).map(\.start) == [start])
        #expect(schedule.event(occurrence: 0)?.start == start)
        #expect(schedule.events(from: dayStart, to: dayEnd) == schedule.steppingEvents(from: dayStart, to: dayEnd))
    }

    @Test("Apia skipped 2011-12-30: a weekly element across it gives the calendar's own dates")
    func skippedDay() throws {
        let apia = Pinned.calendar("Pacific/Apia")
        let element = try ScheduleElement(
            start: Date(timeIntervalSince1970: 1_324_839_600), end: Date(timeIntervalSince1970: 1_326_189_600),
            interval: .weekly, duration: .hours(10), calendar: apia)
        let schedule = try Schedule(composing: [element])
        var day = apia.startOfDay(for: Date(timeIntervalSince1970: 1_324_839_600))
        for _ in 0..<20 {
            let next = apia.date(byAdding: .day, value: 1, to: day)!
            #expect(
                schedule.events(from: day, to: next) == schedule.steppingEvents(from: day, to: next),
                "\(Pinned.text(day, apia))")
            day = next
        }
    }
}
