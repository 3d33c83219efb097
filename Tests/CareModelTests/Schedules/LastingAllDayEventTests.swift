import Foundation
import TestSupport
import Testing

@testable import CareModel

/// An all-day event lasts its whole day (00:00–23:59:59 of its day in its element's zone) once its element has given
/// it: a query that starts after the element's end, or after its task version was replaced, still returns it while it
/// lasts (docs/schedules.md, "The event query for [A, B)", rule 3, and docs/carekit-store.md, "Events across
/// versions", step 5). Fixed-duration events keep CareKit's rule: an ended element's events are dropped.
@Suite("An all-day event lasts its whole day after its element ended or its task version was replaced")
struct LastingAllDayEventTests {
    /// CareKit's `TestScheduleElement.testAllDayEventIsFoundWhenScheduleEndsBeforeEventStart`.
    @Test(
        "CareKit's case: an all-day daily element from 00:00:02 to 00:00:03 UTC, queried over 00:00:03–00:00:04, returns the day's event"
    )
    func careKitCase() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2023-01-01 00:00:02"), end: Pinned.date("2023-01-01 00:00:03"), interval: .daily,
            duration: .allDay, calendar: Pinned.utc)
        let schedule = try Schedule(composing: [element])
        let events = schedule.events(from: Pinned.date("2023-01-01 00:00:03"), to: Pinned.date("2023-01-01 00:00:04"))
        #expect(
            events.map { "\(Pinned.text($0.start))–\(Pinned.text($0.end)) #\($0.occurrence)" }
                == ["2023-01-01 00:00:00–2023-01-01 23:59:59 #0"])
        #expect(
            schedule.steppingEvents(from: Pinned.date("2023-01-01 00:00:03"), to: Pinned.date("2023-01-01 00:00:04"))
                == events)
        // Through the version rules (the task filter) too, and from any later moment of the day.
        let chain = VersionChain(versions: [CareTask(id: "t", title: "T", schedule: schedule)])
        #expect(
            chain.events(from: Pinned.date("2023-01-01 18:00"), to: Pinned.date("2023-01-01 19:00")).map(\.event)
                == events)
        #expect(chain.events(from: Pinned.date("2023-01-02 00:00"), to: Pinned.date("2023-01-03 00:00")).isEmpty)
    }

    /// One case of the general rule: an element of `interval` whose last event is on `lastDay`, ending `endAfterDay`
    /// seconds after that day's start, in `zone`.
    struct Case: CustomTestStringConvertible, Sendable {
        var zone: String
        var interval: ScheduleInterval
        var lastDay: String
        var testDescription: String {
            "\(zone), every \(interval.day) day(s) \(interval.weekOfYear) week(s), last day \(lastDay)"
        }
    }

    static let cases: [Case] = [
        Case(zone: "UTC", interval: .daily, lastDay: "2026-03-10"),
        Case(zone: "Asia/Tokyo", interval: .daily, lastDay: "2026-03-10"),
        Case(zone: "America/Los_Angeles", interval: .daily, lastDay: "2026-03-08"),  // the 23-hour day
        Case(zone: "America/Los_Angeles", interval: .weekly, lastDay: "2026-11-01"),  // the 25-hour day
        Case(zone: "Europe/Berlin", interval: .weekly, lastDay: "2026-03-29"),
        // no midnight that day
        Case(zone: "America/Sao_Paulo", interval: ScheduleInterval(day: 2), lastDay: "2018-11-04"),
    ]

    @Test(
        "for every element end during the last event's day and every query start from that end to the day's last second, the day's event is returned; from the next day's start, nothing",
        arguments: cases)
    func generalRule(_ testCase: Case) throws {
        let calendar = Pinned.calendar(testCase.zone)
        let dayStart = calendar.startOfDay(for: Pinned.date(testCase.lastDay + " 12:00", calendar))
        let dayEnd = calendar.date(byAdding: DateComponents(day: 1, second: -1), to: dayStart)!
        // The next day's start (São Paulo's 2018-11-04 starts at 01:00, so its event ends at 00:59:59 the next day).
        let nextDay = calendar.startOfDay(for: dayStart.addingTimeInterval(26 * 3600))
        let afterEvent = dayEnd.addingTimeInterval(1)
        let firstStart = calendar.date(
            byAdding: .day, value: -4 * max(1, testCase.interval.day + 7 * testCase.interval.weekOfYear), to: dayStart)!
        let endOffsets: [TimeInterval] = [1, 3, 10 * 3600 + 17 * 60, nextDay.timeIntervalSince(dayStart) - 1]
        for endOffset in endOffsets {
            let elementEnd = dayStart.addingTimeInterval(endOffset)
            let element = try ScheduleElement(
                start: firstStart.addingTimeInterval(2), end: elementEnd, interval: testCase.interval,
                duration: .allDay,
                calendar: calendar)
            let schedule = try Schedule(composing: [element])
            let last = try #require(schedule.events(from: dayStart, to: nextDay).last)
            #expect(last.start == dayStart && last.end == dayEnd, "\(testCase) end +\(endOffset)")
            let chain = VersionChain(versions: [CareTask(id: "t", title: "T", schedule: schedule)])
            let queryStarts: [Date] = [
                elementEnd, elementEnd.addingTimeInterval(1), dayStart.addingTimeInterval(endOffset / 2 + 7200), dayEnd,
            ]
            for queryStart in queryStarts where queryStart >= elementEnd && queryStart <= dayEnd {
                let queryEnd = queryStart.addingTimeInterval(1)
                let events = schedule.events(from: queryStart, to: queryEnd)
                #expect(events == [last], "\(testCase) end +\(endOffset) query \(Pinned.text(queryStart, calendar))")
                #expect(schedule.steppingEvents(from: queryStart, to: queryEnd) == events)
                #expect(
                    CareKitEventQuery.events(schedule, from: queryStart, to: queryEnd).map { $0.start } == [dayStart])
                #expect(schedule.event(occurrence: last.occurrence) == last)
                #expect(
                    chain.events(from: queryStart, to: queryEnd).map(\.event) == events,
                    "\(testCase) through the version rules")
            }
            #expect(
                schedule.events(from: afterEvent, to: afterEvent.addingTimeInterval(86_400)).isEmpty,
                "\(testCase) after the day")
            #expect(
                chain.events(from: afterEvent, to: afterEvent.addingTimeInterval(86_400)).isEmpty,
                "\(testCase) after the day")
        }
    }

    @Test(
        "a day query in another zone: a Tokyo element that ended at 00:00:03 Tokyo time still gives the UTC day its Tokyo day's event"
    )
    func dayQueryInAnotherZone() throws {
        let tokyo = Pinned.calendar("Asia/Tokyo")
        let element = try ScheduleElement(
            start: Pinned.date("2026-03-01 08:00", tokyo), end: Pinned.date("2026-03-10 00:00:03", tokyo),
            interval: .daily,
            duration: .allDay, calendar: tokyo)
        let schedule = try Schedule(composing: [element])
        // The UTC day 2026-03-10 starts after the element's end (2026-03-09 15:00:03 UTC).
        let events = schedule.events(from: Pinned.date("2026-03-10 00:00"), to: Pinned.date("2026-03-11 00:00"))
        #expect(events.map { Pinned.text($0.start) } == ["2026-03-09 15:00:00"])
        #expect(events.map(\.occurrence) == [9])
    }

    @Test("an all-day element ending at a midnight has no event that day, and nothing lasts into it")
    func endAtMidnight() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2026-03-01 00:00"), end: Pinned.date("2026-03-10 00:00"), interval: .daily,
            duration: .allDay,
            calendar: Pinned.utc)
        let schedule = try Schedule(composing: [element])
        #expect(schedule.events(from: Pinned.date("2026-03-10 00:00"), to: Pinned.date("2026-03-11 00:00")).isEmpty)
        #expect(
            schedule.events(from: Pinned.date("2026-03-09 23:59:59"), to: Pinned.date("2026-03-10 00:00")).map(
                \.occurrence) == [8])
        #expect(schedule.lastingEnd == Pinned.date("2026-03-10 00:00"))
    }

    @Test("a weekly all-day element that ended on a day without an event gives that day nothing")
    func weeklyEndedBetweenEvents() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2026-03-02 00:00"), end: Pinned.date("2026-03-11 10:00"), interval: .weekly,
            duration: .allDay,
            calendar: Pinned.utc)  // Mondays 03-02 and 03-09; ends on Wednesday 03-11
        let schedule = try Schedule(composing: [element])
        #expect(schedule.events(from: Pinned.date("2026-03-11 10:00"), to: Pinned.date("2026-03-12 00:00")).isEmpty)
        #expect(
            schedule.events(from: Pinned.date("2026-03-09 12:00"), to: Pinned.date("2026-03-09 13:00")).map(
                \.occurrence) == [1])
    }

    @Test(
        "a fixed-duration event lasting past its element's end is still dropped from later queries (CareKit's rule 3)")
    func fixedDurationKeepsCareKitsRule() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2026-03-01 08:00"), end: Pinned.date("2026-03-10 08:30"), interval: .daily,
            duration: .hours(10),
            calendar: Pinned.utc)
        let schedule = try Schedule(composing: [element])
        #expect(schedule.events(from: Pinned.date("2026-03-10 08:30"), to: Pinned.date("2026-03-10 09:00")).isEmpty)
        #expect(
            schedule.events(from: Pinned.date("2026-03-10 08:29"), to: Pinned.date("2026-03-10 09:00")).map(
                \.occurrence) == [9])
    }

    // MARK: - Versions

    private static let v1UUID = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    private static let v2UUID = UUID(uuidString: "00000000-0000-4000-8000-000000000002")!

    /// A task whose first version (daily all-day from 2026-03-01) is replaced at `replaced` by `next` (nil: deleted).
    private func chain(replacedAt replaced: Date, by next: Schedule?, first: ScheduleDuration = .allDay) throws
        -> VersionChain
    {
        let start = first == .allDay ? Pinned.date("2026-03-01 00:00") : Pinned.date("2026-03-01 11:30")
        let v1 = CareTask(
            id: "t", title: "T",
            schedule: try Schedule(composing: [
                try ScheduleElement(start: start, interval: .daily, duration: first, calendar: Pinned.utc)
            ]),
            uuid: Self.v1UUID)
        var v2 = CareTask(
            id: "t", title: "T", schedule: next ?? v1.schedule, effectiveDate: replaced, uuid: Self.v2UUID)
        v2.previousVersionUUID = v1.uuid
        if next == nil { v2.deletedDate = replaced }
        return VersionChain(versions: [v1, v2])
    }

    private func listed(_ pairs: [(task: CareTask, event: ScheduleEvent)]) -> [String] {
        pairs.map { "v\($0.task.uuid == Self.v1UUID ? 1 : 2) #\($0.event.occurrence) \(Pinned.text($0.event.start))" }
            .sorted()
    }

    @Test(
        "a version replaced at noon keeps its all-day event for the rest of the day: an afternoon query returns what the day query returns"
    )
    func versionReplacedAtNoon() throws {
        let weekly = try Schedule(composing: [
            try ScheduleElement(
                start: Pinned.date("2026-03-01 00:00"), interval: .weekly, duration: .allDay, calendar: Pinned.utc)
        ])
        let noon = Pinned.date("2026-03-10 12:00")
        do {
            let chain = try chain(replacedAt: noon, by: weekly)
            let day = listed(chain.events(from: Pinned.date("2026-03-10 00:00"), to: Pinned.date("2026-03-11 00:00")))
            #expect(day == ["v1 #9 2026-03-10 00:00:00"], "the new weekly version has no event on Tuesday 03-10")
            for queryStart in ["2026-03-10 12:00", "2026-03-10 13:00", "2026-03-10 23:59:59"] {
                let start = Pinned.date(queryStart)
                #expect(listed(chain.events(from: start, to: start.addingTimeInterval(1))) == day, "from \(queryStart)")
            }
            #expect(chain.events(from: Pinned.date("2026-03-11 00:00"), to: Pinned.date("2026-03-11 23:00")).isEmpty)
            #expect(
                listed(chain.events(from: Pinned.date("2026-03-15 06:00"), to: Pinned.date("2026-03-15 07:00")))
                    == ["v2 #2 2026-03-15 00:00:00"])
        }
        // A daily new version: both versions' events of the day, from the afternoon as from the day's start.
        let daily = try Schedule(composing: [
            try ScheduleElement(
                start: Pinned.date("2026-03-01 00:00"), interval: .daily, duration: .allDay, calendar: Pinned.utc)
        ])
        let chain = try chain(replacedAt: noon, by: daily)
        let both = ["v1 #9 2026-03-10 00:00:00", "v2 #9 2026-03-10 00:00:00"]
        #expect(
            listed(chain.events(from: Pinned.date("2026-03-10 00:00"), to: Pinned.date("2026-03-11 00:00"))) == both)
        #expect(
            listed(chain.events(from: Pinned.date("2026-03-10 15:00"), to: Pinned.date("2026-03-10 16:00"))) == both)
        // The pairs come out once each.
        #expect(chain.events(from: Pinned.date("2026-03-10 15:00"), to: Pinned.date("2026-03-10 16:00")).count == 2)
    }

    @Test(
        "a version replaced exactly at the query start keeps its all-day event; a deleted task and a fixed-duration event do not"
    )
    func versionEdges() throws {
        let weekly = try Schedule(composing: [
            try ScheduleElement(
                start: Pinned.date("2026-03-01 00:00"), interval: .weekly, duration: .allDay, calendar: Pinned.utc)
        ])
        let start = Pinned.date("2026-03-10 12:00")
        let atStart = try chain(replacedAt: start, by: weekly)
        #expect(listed(atStart.events(from: start, to: start.addingTimeInterval(60))) == ["v1 #9 2026-03-10 00:00:00"])
        let deleted = try chain(replacedAt: start, by: nil)
        #expect(deleted.events(from: Pinned.date("2026-03-10 13:00"), to: Pinned.date("2026-03-10 14:00")).isEmpty)
        #expect(deleted.events(from: Pinned.date("2026-03-10 00:00"), to: Pinned.date("2026-03-11 00:00")).isEmpty)
        // Daily 11:30–21:30 (10 hours): replaced at noon, its event is the day query's but not the afternoon's
        // (CareKit).
        let fixed = try chain(replacedAt: start, by: weekly, first: .hours(10))
        #expect(
            listed(fixed.events(from: Pinned.date("2026-03-10 00:00"), to: Pinned.date("2026-03-11 00:00")))
                == ["v1 #9 2026-03-10 11:30:00"])
        #expect(fixed.events(from: Pinned.date("2026-03-10 13:00"), to: Pinned.date("2026-03-10 14:00")).isEmpty)
    }

    @Test(
        "adherence and the feed's pairs count the lasting event: an afternoon window of a day whose version was replaced at noon has one event"
    )
    func adherenceCountsIt() throws {
        let weekly = try Schedule(composing: [
            try ScheduleElement(
                start: Pinned.date("2026-03-01 00:00"), interval: .weekly, duration: .allDay, calendar: Pinned.utc)
        ])
        let chain = try chain(replacedAt: Pinned.date("2026-03-10 12:00"), by: weekly)
        let start = Pinned.date("2026-03-10 13:00")
        let end = Pinned.date("2026-03-10 14:00")
        let calculator = AdherenceCalculator(chains: [chain], from: start, to: end, calendar: Pinned.utc)
        let pairs = ChainEvents(chains: calculator.chains, from: start, to: end).pairs
        #expect(pairs.map(\.event.occurrence) == [9])
        let events = pairs.map { Event(task: $0.task, scheduleEvent: $0.event, outcome: nil) }
        #expect(calculator.adherence(events: events) == [.progress(0)])
    }

    @Test(
        "the calendar file writes an all-day element that ended before its version took effect: that day's event, as the query returns it"
    )
    func calendarFile() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2026-03-01 00:00"), end: Pinned.date("2026-03-10 09:00"), interval: .daily,
            duration: .allDay,
            calendar: Pinned.utc)
        let segments = ElementSegmentation(element: element)
            .segments(from: Pinned.date("2026-03-10 10:00"), before: nil, horizon: Pinned.date("2028-01-01 00:00"))
        #expect(segments.map { Pinned.text($0.first) } == ["2026-03-10 00:00:00"])
        let schedule = try Schedule(composing: [element])
        #expect(
            schedule.events(from: Pinned.date("2026-03-10 10:00"), to: Pinned.date("2026-03-20 00:00")).map {
                Pinned.text($0.start)
            }
                == ["2026-03-10 00:00:00"])
        // A timed element ended before the version's window writes nothing, as the query returns nothing.
        let timed = try ScheduleElement(
            start: Pinned.date("2026-03-01 08:00"), end: Pinned.date("2026-03-10 09:00"), interval: .daily,
            duration: .hours(10),
            calendar: Pinned.utc)
        #expect(
            ElementSegmentation(element: timed)
                .segments(from: Pinned.date("2026-03-10 10:00"), before: nil, horizon: Pinned.date("2028-01-01 00:00"))
                .isEmpty)
    }
}
