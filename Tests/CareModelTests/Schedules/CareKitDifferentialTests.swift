import Foundation
import TestSupport
import Testing

@testable import CareModel

/// CareKit's event query written out the slow, literal way (docs/schedules.md): every element steps from its own
/// start while an event starts before the query end (and before the element end), events ending before the query
/// start are dropped, and so are events of fixed-duration elements whose end is at or before the query start (an
/// all-day event lasts its whole day).
enum CareKitEventQuery {
    struct Found: Hashable, CustomStringConvertible {
        var start: Date
        var end: Date
        var elementIndex: Int
        var description: String { "\(Pinned.text(start))–\(Pinned.text(end)) e\(elementIndex)" }
    }

    static func events(_ schedule: Schedule, from start: Date, to end: Date) -> [Found] {
        var found: [Found] = []
        for (index, element) in schedule.elements.enumerated() where element.start < end {
            var current: Date? = element.start
            var steps = 0
            while let eventStart = current, eventStart < end, element.end.map({ eventStart < $0 }) ?? true,
                steps < 200_000
            {
                let eventEnd = element.eventEnd(forStart: eventStart)
                if eventEnd >= start, element.duration == .allDay || element.end.map({ $0 > start }) ?? true {
                    found.append(Found(start: eventStart, end: eventEnd, elementIndex: index))
                }
                current = element.nextStart(after: eventStart)
                steps += 1
            }
        }
        return found.sorted { ($0.start, $0.elementIndex) < ($1.start, $1.elementIndex) }
    }
}

@Suite("Schedules agree with CareKit's event query on random edges")
struct CareKitDifferentialTests {
    /// A small deterministic generator (SplitMix64), so a failure names a reproducible seed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
    }

    /// Zones with the awkward transitions (midnight skipped or repeated, 30-minute shifts, a skipped day) and a start
    /// a few weeks before one of them.
    static let zones: [(zone: String, base: String)] = [
        ("UTC", "2018-10-20 00:00"), ("America/Los_Angeles", "2019-02-20 00:00"),
        ("America/Los_Angeles", "2018-10-15 00:00"),
        ("America/Santiago", "2018-07-25 00:00"), ("America/Sao_Paulo", "2018-10-20 00:00"),
        ("America/Havana", "2018-10-20 00:00"), ("Asia/Tehran", "2019-03-01 00:00"),
        ("Australia/Lord_Howe", "2018-09-20 00:00"),
        ("Pacific/Apia", "2011-12-10 00:00"), ("Europe/London", "2019-03-10 00:00"),
    ]

    @Test(
        "the fast event query returns exactly CareKit's events on day and odd windows, across zones and DST",
        arguments: 0..<zones.count)
    func matchesCareKit(caseIndex: Int) throws {
        let (zone, baseText) = Self.zones[caseIndex]
        let calendar = Pinned.calendar(zone)
        var random = Generator(state: UInt64(caseIndex) &* 7919 &+ 17)
        let intervals: [ScheduleInterval] = [
            .daily, .weekly, ScheduleInterval(day: 2), ScheduleInterval(hour: 1), ScheduleInterval(hour: 7), .monthly,
            ScheduleInterval(minute: 90),
        ]
        let durations: [ScheduleDuration] = [
            .allDay, .seconds(0), .minutes(30), .hours(1), .hours(10), .hours(25), .hours(73),
        ]
        let base = Pinned.date(baseText, calendar)
        // 120 rounds per zone keep the suite quick; REGIMEN_SCHEDULE_ROUNDS=1500 searches further (it passes).
        for round in 0..<(ProcessInfo.processInfo.environment["REGIMEN_SCHEDULE_ROUNDS"].flatMap(Int.init) ?? 120) {
            var elements: [ScheduleElement] = []
            for _ in 0..<(1 + random.below(3)) {
                let start = base.addingTimeInterval(Double(random.below(30 * 24 * 4)) * 900)
                let duration = random.pick(durations)
                let interval =
                    duration == .allDay
                    ? random.pick([ScheduleInterval.daily, .weekly, ScheduleInterval(day: 2), .monthly])
                    : random.pick(intervals)
                let end: Date? =
                    random.below(3) == 0 ? nil : start.addingTimeInterval(Double(1 + random.below(30 * 24 * 4)) * 900)
                if let element = try? ScheduleElement(
                    start: start, end: end, interval: interval, duration: duration, calendar: calendar)
                {
                    elements.append(element)
                }
            }
            guard !elements.isEmpty else { continue }
            let schedule = try Schedule(composing: elements)
            var windows: [(Date, Date)] = []
            var day = calendar.startOfDay(for: base)
            for _ in 0..<45 {
                let next = calendar.date(byAdding: .day, value: 1, to: day)!
                windows.append((day, next))
                day = next
            }
            for _ in 0..<8 {
                let start = base.addingTimeInterval(Double(random.below(45 * 24 * 60)) * 60)
                windows.append((start, start.addingTimeInterval(Double(1 + random.below(48 * 60)) * 60)))
            }
            for (start, end) in windows {
                let expected = CareKitEventQuery.events(schedule, from: start, to: end)
                let actual = schedule.events(from: start, to: end).map {
                    CareKitEventQuery.Found(start: $0.start, end: $0.end, elementIndex: $0.elementIndex)
                }
                #expect(
                    actual == expected,
                    "\(zone) round \(round) window \(Pinned.text(start, calendar))…\(Pinned.text(end, calendar)) elements \(schedule.elements)"
                )
                if actual != expected { return }
                // Each returned occurrence is the event `event(occurrence:)` gives, so an outcome lands where it is
                // shown.
                for event in schedule.events(from: start, to: end).prefix(2) {
                    let byOccurrence = schedule.event(occurrence: event.occurrence)
                    #expect(byOccurrence == event, "\(zone) round \(round) occurrence \(event.occurrence)")
                    if byOccurrence != event { return }
                }
            }
        }
    }
}
