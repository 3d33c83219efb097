import Foundation
import TestSupport
import Testing

@testable import CareModel

@Suite("Fast occurrence location equals cumulative stepping")
struct FastPathEquivalenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let zone: String
        let start: String
        let interval: ScheduleInterval
        let duration: ScheduleDuration
        var end: String? = nil
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "daily 08:00 LA", zone: "America/Los_Angeles", start: "2019-01-05 08:00", interval: .daily,
            duration: .hours(1)),
        Case(
            name: "daily 02:30 LA (gap)", zone: "America/Los_Angeles", start: "2019-01-05 02:30", interval: .daily,
            duration: .hours(1)),
        Case(
            name: "daily 01:30 LA (overlap)", zone: "America/Los_Angeles", start: "2019-01-05 01:30", interval: .daily,
            duration: .minutes(20)),
        Case(
            name: "daily all-day LA", zone: "America/Los_Angeles", start: "2019-01-05 10:00", interval: .daily,
            duration: .allDay),
        Case(
            name: "every 3 days 02:15 LA", zone: "America/Los_Angeles", start: "2019-02-27 02:15",
            interval: ScheduleInterval(day: 3), duration: .hours(2)),
        Case(
            name: "weekly Sunday 02:00 LA", zone: "America/Los_Angeles", start: "2019-03-03 02:00", interval: .weekly,
            duration: .hours(1)),
        Case(
            name: "biweekly all-day LA", zone: "America/Los_Angeles", start: "2019-01-06 00:00",
            interval: ScheduleInterval(weekOfYear: 2), duration: .allDay),
        Case(
            name: "monthly Jan 31 UTC (clamp)", zone: "UTC", start: "2019-01-31 09:00", interval: .monthly,
            duration: .hours(1)),
        Case(
            name: "monthly 10th 02:30 LA", zone: "America/Los_Angeles", start: "2019-03-10 02:30", interval: .monthly,
            duration: .hours(1)),
        Case(
            name: "monthly 12th 02:30 LA", zone: "America/Los_Angeles", start: "2019-01-12 02:30", interval: .monthly,
            duration: .allDay),
        Case(
            name: "quarterly 15th LA", zone: "America/Los_Angeles", start: "2019-01-15 23:30",
            interval: ScheduleInterval(month: 3), duration: .hours(1)),
        Case(
            name: "yearly Feb 29 UTC", zone: "UTC", start: "2020-02-29 12:00", interval: ScheduleInterval(year: 1),
            duration: .hours(1)),
        Case(
            name: "hourly LA", zone: "America/Los_Angeles", start: "2023-03-01 00:00",
            interval: ScheduleInterval(hour: 1), duration: .minutes(30)),
        Case(
            name: "every 90 minutes LA", zone: "America/Los_Angeles", start: "2023-02-01 00:10",
            interval: ScheduleInterval(minute: 90), duration: .minutes(5)),
        Case(
            name: "day + 2 hours LA (mixed)", zone: "America/Los_Angeles", start: "2023-01-01 00:10",
            interval: ScheduleInterval(hour: 2, day: 1), duration: .hours(1)),
        Case(
            name: "daily 00:00 Santiago (midnight DST)", zone: "America/Santiago", start: "2019-01-05 00:00",
            interval: .daily, duration: .hours(1)),
        Case(
            name: "all-day Santiago (midnight DST)", zone: "America/Santiago", start: "2019-01-05 00:00",
            interval: .daily, duration: .allDay),
        Case(
            name: "daily 08:00 with end LA", zone: "America/Los_Angeles", start: "2019-01-05 08:00", interval: .daily,
            duration: .hours(1), end: "2024-03-10 08:00"),
        Case(
            name: "Lord Howe 02:15 (30-minute DST)", zone: "Australia/Lord_Howe", start: "2019-01-05 02:15",
            interval: .daily, duration: .hours(1)),
    ]

    @Test("events(from:to:) and event(occurrence:) match stepping over many windows", arguments: cases)
    func matchesStepping(_ testCase: Case) throws {
        let calendar = Pinned.calendar(testCase.zone)
        let element = try ScheduleElement(
            start: Pinned.date(testCase.start, calendar), end: testCase.end.map { Pinned.date($0, calendar) },
            interval: testCase.interval, duration: testCase.duration, calendar: calendar)
        let second = try ScheduleElement(
            start: Pinned.date(testCase.start, calendar).addingTimeInterval(3600 * 5), interval: .weekly,
            duration: .hours(1), calendar: calendar)
        for schedule in [try Schedule(composing: [element]), try Schedule(composing: [element, second])] {
            // Windows: whole days around DST changes and month ends over five years, plus odd windows.
            var day = Pinned.date("2019-01-01 00:00", calendar)
            var windows: [(Date, Date)] = []
            while day < Pinned.date("2024-12-31 00:00", calendar) {
                let next = calendar.date(byAdding: .day, value: 1, to: day)!
                windows.append((day, next))
                day = calendar.date(byAdding: .day, value: 97, to: day)!
            }
            for (month, dayOfMonth) in [
                (3, 8), (3, 10), (3, 12), (11, 1), (11, 3), (11, 5), (2, 28), (4, 2), (9, 7), (10, 6), (4, 7),
            ] {
                for year in [2019, 2020, 2024] {
                    let start = Pinned.date(String(format: "%04d-%02d-%02d 00:00", year, month, dayOfMonth), calendar)
                    windows.append((start, calendar.date(byAdding: .day, value: 1, to: start)!))
                    windows.append((start.addingTimeInterval(5400), start.addingTimeInterval(3 * 3600 + 1)))
                }
            }
            windows.append((Pinned.date("2018-01-01 00:00", calendar), Pinned.date("2019-03-01 00:00", calendar)))
            for (from, to) in windows {
                let fast = schedule.events(from: from, to: to)
                let slow = schedule.steppingEvents(from: from, to: to)
                #expect(
                    fast == slow, "\(testCase.name) window \(Pinned.text(from, calendar))…\(Pinned.text(to, calendar))")
                for event in slow.prefix(2) { #expect(schedule.event(occurrence: event.occurrence) == event) }
            }
        }
    }
}
