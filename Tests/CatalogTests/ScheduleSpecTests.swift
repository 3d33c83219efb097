import CareModel
import Foundation
import ResearchTasks
import SystemPackage
import Testing

@testable import Catalog

/// Schedule resolution, pinned to UTC and the enrollment instant of docs/carekit-store.md, "The Recover sample":
/// 2023-06-15 10:17 UTC.
@Suite("Schedule specs")
struct ScheduleSpecTests {
    let enrollment = CatalogFixture.date(2023, 6, 15, 10, 17)
    let catalog: Catalog

    init() throws {
        catalog = try Catalog.load(
            directory: FilePath(CatalogFixture.surveysDirectory.path), calendar: CatalogFixture.utc)
    }

    @Test(
        "check-in: daily at 08:00 from the enrollment day, one-hour events (docs/schedules.md, \"Daily and weekly at a time\" dailyAtTime)"
    )
    func checkIn() throws {
        let schedule = try #require(catalog.entry(forTask: "checkin")?.schedule)
        let resolved = schedule.resolve(enrollment: enrollment, calendar: CatalogFixture.utc)
        #expect(
            resolved == [
                ResolvedScheduleElement(
                    start: CatalogFixture.date(2023, 6, 15, 8, 0), end: nil, interval: DateComponents(day: 1),
                    isAllDay: false,
                    durationSeconds: 3600, text: nil
                )
            ])
    }

    @Test(
        "Recover range of motion: daily until enrollment + 1 week, then weekly until enrollment day + 1 month (docs/carekit-store.md, \"The Recover sample\")"
    )
    func recoverRegimen() throws {
        let schedule = try #require(catalog.entry(forTask: "rangeOfMotionCheck")?.schedule)
        let resolved = schedule.resolve(enrollment: enrollment, calendar: CatalogFixture.utc)
        #expect(
            resolved == [
                ResolvedScheduleElement(
                    start: CatalogFixture.date(2023, 6, 15), end: CatalogFixture.date(2023, 6, 22, 10, 17),
                    interval: DateComponents(day: 1), isAllDay: true, durationSeconds: 0, text: nil
                ),
                ResolvedScheduleElement(
                    start: CatalogFixture.date(2023, 6, 22, 10, 17), end: CatalogFixture.date(2023, 7, 15),
                    interval: DateComponents(weekOfYear: 1), isAllDay: true, durationSeconds: 0, text: nil
                ),
            ])
        // Generating events as CareKit does (docs/schedules.md, "The event query for [A, B)") gives the occurrences of
        // docs/carekit-store.md, "The Recover sample": daily 06-15…06-22, weekly 06-22…07-13.
        let days = resolved.flatMap(allDayEventStarts).map {
            CatalogFixture.utc.dateComponents([.month, .day], from: $0)
        }
        .map { "\($0.month!)-\($0.day!)" }
        #expect(
            days == ["6-15", "6-16", "6-17", "6-18", "6-19", "6-20", "6-21", "6-22", "6-22", "6-29", "7-6", "7-13"])
    }

    @Test("anchors add calendar components: months clamp, weeks step a week, negative offsets go back")
    func anchors() {
        let calendar = CatalogFixture.utc
        let endOfMonth = CatalogFixture.date(2023, 1, 31, 9, 30)
        #expect(
            ScheduleAnchor(.enrollment, offset: DateComponents(month: 1)).resolve(
                enrollment: endOfMonth, calendar: calendar)
                == CatalogFixture.date(2023, 2, 28, 9, 30))
        #expect(
            ScheduleAnchor(.startOfEnrollmentDay, offset: DateComponents(day: -1)).resolve(
                enrollment: endOfMonth, calendar: calendar)
                == CatalogFixture.date(2023, 1, 30))
        #expect(
            ScheduleAnchor(.startOfEnrollmentDay).resolve(enrollment: endOfMonth, calendar: calendar)
                == CatalogFixture.date(2023, 1, 31))
    }

    @Test(
        "at a time of day from the enrollment instant: the same calendar day, even if earlier (docs/schedules.md, \"Daily and weekly at a time\")"
    )
    func sameDayEvenIfEarlier() {
        let element = ScheduleElementSpec(
            start: ScheduleAnchor(.enrollment), timeOfDay: TimeOfDay(hour: 8, minute: 0),
            interval: DateComponents(day: 1))
        #expect(
            element.resolve(enrollment: enrollment, calendar: CatalogFixture.utc).start
                == CatalogFixture.date(2023, 6, 15, 8, 0))
    }

    @Test("the time of day keeps the wall clock in the calendar's zone (America/Los_Angeles)")
    func timeZone() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let element = ScheduleElementSpec(timeOfDay: TimeOfDay(hour: 8, minute: 0), interval: DateComponents(day: 1))
        // 2023-06-15 03:00 UTC is still 06-14 in Los Angeles (UTC−7): the first event is 06-14 08:00 PDT = 15:00 UTC.
        let resolved = element.resolve(enrollment: CatalogFixture.date(2023, 6, 15, 3, 0), calendar: calendar)
        #expect(resolved.start == CatalogFixture.date(2023, 6, 14, 15, 0))
    }

    @Test("every/interval, minutes durations and text decode from YAML")
    func everyDecodes() throws {
        let entry = try CatalogFixture.entry(
            """
            id: t
            title: T
            steps: [{ instruction: a }]
            schedule:
              - every: { interval: { days: 2, hours: 12 }, at: "21:15", duration: { hours: 1, minutes: 30 }, text: Evening,
                         start: { anchor: enrollment, offset: { days: 1 } }, end: { anchor: enrollmentDay, offset: { years: 1 } } }
            """)
        #expect(
            entry.schedule
                == ScheduleSpec(elements: [
                    ScheduleElementSpec(
                        start: ScheduleAnchor(.enrollment, offset: DateComponents(day: 1)),
                        end: ScheduleAnchor(.startOfEnrollmentDay, offset: DateComponents(year: 1)),
                        timeOfDay: TimeOfDay(hour: 21, minute: 15), interval: DateComponents(day: 2, hour: 12),
                        duration: .seconds(5400), text: "Evening"
                    )
                ]))
    }

    @Test("bad schedules are reported with their paths")
    func badSchedules() throws {
        let lines = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            steps: [{ instruction: a }]
            schedule:
              - daily: { at: "25:00" }
              - weekly: { duration: forever }
              - every: { interval: { days: 0 } }
              - daily: { start: enrollment, end: enrollmentDay }
              - hourly: {}
              - daily: { at: 8:00 }
            """)
        #expect(
            lines == [
                "schedule[0].daily.at: must be a time written \"HH:mm\", e.g. \"08:00\"",
                "schedule[1].weekly.duration: must be \"allDay\" or { days: …, hours: …, minutes: … }",
                "schedule[2].every.interval: must be a positive amount of time, e.g. { days: 2 }",
                "schedule[3].daily.end: must be after the start",
                "schedule[4]: unknown key \"hourly\"",
                "schedule[4]: a schedule element needs one of daily, weekly, every",
                "schedule[5].daily.at: must be a string, found a number (quote it)",
            ])
    }

    /// Event starts of an all-day element, generated as docs/schedules.md, "The event query for [A, B)" describes.
    private func allDayEventStarts(_ element: ResolvedScheduleElement) -> [Date] {
        let calendar = CatalogFixture.utc
        var starts: [Date] = []
        var candidate = calendar.startOfDay(for: element.start)
        while starts.count < 100 {
            let start = calendar.startOfDay(for: candidate)
            if let end = element.end, start >= end { break }
            starts.append(start)
            guard let next = calendar.date(byAdding: element.interval, to: start) else { break }
            candidate = next
        }
        return starts
    }
}
