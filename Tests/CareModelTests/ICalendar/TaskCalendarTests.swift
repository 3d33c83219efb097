import Foundation
import RegimenFoundation
import TestSupport
import Testing

@testable import CareModel

/// The schedule-to-iCalendar mapping (docs/icalendar.md): when an RRULE is used, VTIMEZONEs, UIDs.
@Suite("iCalendar: schedules as events")
struct TaskCalendarTests {
    static let berlin = Pinned.calendar("Europe/Berlin")

    static func task(
        _ elements: [ScheduleElement], id: String = "checkin", uuid: String = "6F1D2C3B-0000-4000-8000-000000000001"
    ) throws -> CareTask {
        CareTask(id: id, title: "Check In", schedule: try Schedule(composing: elements), uuid: UUID(uuidString: uuid)!)
    }

    static func text(_ tasks: [CareTask], now: Date) -> String {
        TaskCalendar(
            chains: tasks.map { VersionChain(versions: [$0]) }, alarm: AlarmOffset(seconds: -600), now: now,
            horizon: now.addingTimeInterval(2 * 366 * 86_400), productID: "-//Regimen//Test//EN"
        ).text()
    }

    /// The segments of a never-ending Berlin element from `start` stepping by `interval`.
    static func openSegments(from start: Date, _ interval: ScheduleInterval) throws -> (
        ScheduleElement, [CalendarSegment]
    ) {
        let element = try ScheduleElement(start: start, interval: interval, calendar: berlin)
        return (
            element,
            ElementSegmentation(element: element).segments(
                from: start, before: nil, horizon: start.addingTimeInterval(1e8))
        )
    }

    @Test("daily at 08:00 in Berlin, never ending: one open RRULE with a TZID, whatever the DST changes")
    func dailyRule() throws {
        let start = Pinned.date("2026-01-10 08:00", Self.berlin)
        let (element, segments) = try Self.openSegments(from: start, .daily)
        #expect(segments.count == 1)
        #expect(segments.first?.pattern == .rule(RecurrenceRule(element)!, lastStart: nil))
        let text = Self.text([try Self.task([element])], now: start)
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20260110T080000\r\n"))
        #expect(text.contains("DTEND;TZID=Europe/Berlin:20260110T090000\r\n"))
        #expect(text.contains("RRULE:FREQ=DAILY\r\n"))
        #expect(text.contains("TRIGGER:-PT10M\r\n"))
    }

    @Test("monthly from January 31: one listed event, then an exact open RRULE on the 28th (the clamp sticks)")
    func monthEndClamp() throws {
        let start = Pinned.date("2027-01-31 09:00", Self.berlin)
        let (_, segments) = try Self.openSegments(from: start, .monthly)
        #expect(segments.count == 2)
        #expect(segments.first?.pattern == .dates([]))
        #expect(segments.last?.first == Pinned.date("2027-02-28 09:00", Self.berlin))
        if case .rule(_, let last)? = segments.last?.pattern {
            #expect(last == nil)
        } else {
            Issue.record("no rule: \(segments)")
        }
    }

    @Test(
        "daily at 02:30 over the spring-forward night: 02:30 until the change, then 03:30 for good (CareKit's sticky shift)"
    )
    func stickyShift() throws {
        let start = Pinned.date("2026-03-20 02:30", Self.berlin)
        let (_, segments) = try Self.openSegments(from: start, .daily)
        let firsts = segments.map { Pinned.text($0.first, Self.berlin) }
        #expect(firsts.first == "2026-03-20 02:30:00")
        #expect(firsts.contains("2026-03-30 03:30:00") || firsts.contains("2026-03-29 03:30:00"), "\(firsts)")
        if case .rule(_, let last)? = segments.last?.pattern {
            #expect(last == nil)
        } else {
            Issue.record("no open rule: \(segments)")
        }
    }

    @Test(
        "all-day in São Paulo over the skipped midnight of 2018-11-04: that day alone in UTC date-times (CareKit ends it 00:59:59 next day)"
    )
    func skippedMidnight() throws {
        let saoPaulo = Pinned.calendar("America/Sao_Paulo")
        let start = Pinned.date("2018-10-28 00:00", saoPaulo)
        let element = try ScheduleElement(start: start, interval: .daily, duration: .allDay, calendar: saoPaulo)
        let segments = ElementSegmentation(element: element).segments(
            from: start, before: nil, horizon: start.addingTimeInterval(1e8))
        #expect(segments.map(\.inUTC) == [false, true, false])
        #expect(
            segments.map { Pinned.text($0.first, saoPaulo) } == [
                "2018-10-28 00:00:00", "2018-11-04 01:00:00", "2018-11-05 00:00:00",
            ])
        let text = Self.text([try Self.task([element])], now: start)
        #expect(text.contains("DTSTART:20181104T030000Z\r\nDTEND:20181105T025959Z\r\n"))
    }

    @Test(
        "daily at 01:30 for 45 minutes in New York: each night with an offset change inside the event is listed in UTC, the rule resumes after; the last VEVENT carries the horizon"
    )
    func offsetChangeInsideAnEvent() throws {
        let newYork = Pinned.calendar("America/New_York")
        let start = Pinned.date("2026-10-28 01:30", newYork)
        let horizon = Pinned.date("2027-06-01 00:00", newYork)
        let element = try ScheduleElement(start: start, interval: .daily, duration: .minutes(45), calendar: newYork)
        let segments = ElementSegmentation(element: element).segments(from: start, before: nil, horizon: horizon)
        #expect(segments.map(\.inUTC) == [false, true, false, true, false], "\(segments)")
        #expect(
            segments.map { Pinned.text($0.first, newYork) }
                == [
                    "2026-10-28 01:30:00", "2026-11-01 01:30:00", "2026-11-02 01:30:00", "2027-03-14 01:30:00",
                    "2027-03-15 01:30:00",
                ])
        #expect(segments.map(\.horizon) == [nil, nil, nil, nil, horizon])
    }

    @Test("an element with an end: UNTIL is the last start allowed, one second before the exclusive end, in UTC")
    func until() throws {
        let start = Pinned.date("2026-06-01 08:00", Self.berlin)
        let end = Pinned.date("2026-06-08 08:00", Self.berlin)
        let element = try ScheduleElement(start: start, end: end, interval: .daily, calendar: Self.berlin)
        let text = Self.text([try Self.task([element])], now: start)
        #expect(text.contains("RRULE:FREQ=DAILY;UNTIL=20260608T055959Z\r\n"))
    }

    @Test("hourly steps are elapsed time: written in UTC with an HOURLY rule")
    func hourly() throws {
        let start = Pinned.date("2026-03-28 20:00", Self.berlin)
        let element = try ScheduleElement(
            start: start, interval: ScheduleInterval(hour: 1), duration: .minutes(15), calendar: Self.berlin)
        let text = Self.text([try Self.task([element])], now: start)
        #expect(text.contains("DTSTART:20260328T190000Z\r\n"))
        #expect(text.contains("RRULE:FREQ=HOURLY\r\n"))
    }

    @Test("UIDs come from the task id, the version and the element index: the same on every run, different per element")
    func stableUIDs() throws {
        let start = Pinned.date("2026-06-01 08:00", Self.berlin)
        let elements = [
            try ScheduleElement(start: start, interval: .daily, calendar: Self.berlin),
            try ScheduleElement(start: start.addingTimeInterval(3600), interval: .weekly, calendar: Self.berlin),
        ]
        func uids() throws -> [String] {
            Self.text([try Self.task(elements)], now: Date()).components(separatedBy: "\r\n").filter {
                $0.hasPrefix("UID:")
            }
        }
        let first = try uids()
        #expect(
            first == [
                "UID:checkin-6f1d2c3b-0000-4000-8000-000000000001-e0@regimen",
                "UID:checkin-6f1d2c3b-0000-4000-8000-000000000001-e1@regimen",
            ])
        #expect(try uids() == first)
    }

    @Test(
        "a VTIMEZONE for Berlin: both kinds of change at their local times, with the offsets before and after, as yearly rules that hold past the span"
    )
    func berlinZone() {
        var lines = ICalendarContentLines()
        TimeZoneComponent(
            zone: Self.berlin.timeZone, spanStart: Pinned.date("2026-01-01 00:00", Self.berlin),
            spanEnd: Pinned.date("2027-12-31 00:00", Self.berlin)
        ).write(to: &lines)
        #expect(
            lines.text == """
                BEGIN:VTIMEZONE\r
                TZID:Europe/Berlin\r
                BEGIN:STANDARD\r
                DTSTART:19700101T000000\r
                TZOFFSETFROM:+0100\r
                TZOFFSETTO:+0100\r
                END:STANDARD\r
                BEGIN:DAYLIGHT\r
                DTSTART:20250330T020000\r
                RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
                TZOFFSETFROM:+0100\r
                TZOFFSETTO:+0200\r
                END:DAYLIGHT\r
                BEGIN:STANDARD\r
                DTSTART:20251026T030000\r
                RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
                TZOFFSETFROM:+0200\r
                TZOFFSETTO:+0100\r
                END:STANDARD\r
                END:VTIMEZONE\r

                """)
    }

    @Test(
        "a VTIMEZONE for New York: the second Sunday of March and the first of November; before 2007 the old dates are listed"
    )
    func newYorkZone() {
        var lines = ICalendarContentLines()
        let newYork = Pinned.calendar("America/New_York")
        TimeZoneComponent(
            zone: newYork.timeZone, spanStart: Pinned.date("2006-06-01 00:00", newYork),
            spanEnd: Pinned.date("2008-06-01 00:00", newYork)
        ).write(to: &lines)
        let text = lines.text
        #expect(
            text.contains(
                "BEGIN:DAYLIGHT\r\nDTSTART:20060402T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nEND:DAYLIGHT\r\n"
            ))
        #expect(text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20070311T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\n"))
        #expect(text.contains("BEGIN:STANDARD\r\nDTSTART:20051030T020000\r\nRDATE:20061029T020000\r\n"))
        #expect(
            text.contains("BEGIN:STANDARD\r\nDTSTART:20071104T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r\n"))
    }

    @Test("a VTIMEZONE for UTC (Foundation names it GMT on Linux) is one STANDARD observance at +0000")
    func utcZone() {
        var lines = ICalendarContentLines()
        let utc = TimeZone(identifier: "UTC")!
        TimeZoneComponent(
            zone: utc, spanStart: Date(timeIntervalSince1970: 1.8e9), spanEnd: Date(timeIntervalSince1970: 1.9e9)
        )
        .write(to: &lines)
        #expect(
            lines.text == """
                BEGIN:VTIMEZONE\r
                TZID:\(utc.identifier)\r
                BEGIN:STANDARD\r
                DTSTART:19700101T000000\r
                TZOFFSETFROM:+0000\r
                TZOFFSETTO:+0000\r
                END:STANDARD\r
                END:VTIMEZONE\r

                """)
    }
}
