import Foundation
import RegimenFoundation
import TestSupport
import Testing

@testable import CareModel

/// The window an event of a linked task aggregates (docs/health-export.md, "Linked tasks"), in the participant's zone.
@Suite("Health windows")
struct HealthWindowTests {
    static let zone = Pinned.losAngeles

    static func window(_ element: ScheduleElement, occurrence: Int = 0) throws -> HealthWindow {
        let schedule = try Schedule(composing: [element])
        let event = try #require(
            schedule.events(from: element.start, to: element.start.addingTimeInterval(40 * 86_400))
                .first { $0.occurrence == occurrence })
        return HealthWindow.of(event, in: schedule, calendar: zone)
    }

    @Test("a daily all-day event is its calendar day, midnight to midnight; its night is last night")
    func dailyAllDay() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2026-07-01 00:00", Self.zone), interval: .daily, duration: .allDay, calendar: Self.zone)
        let window = try Self.window(element, occurrence: 2)
        #expect(
            window.interval
                == DateInterval(
                    start: Pinned.date("2026-07-03 00:00", Self.zone), end: Pinned.date("2026-07-04 00:00", Self.zone)))
        #expect(window.nights == [CivilDate(year: 2026, month: 7, day: 2)])
        #expect(window.nights.map(\.text) == ["2026-07-02"])
    }

    @Test(
        "a week-long event from midnight ends at the midnight seven days later, across the November DST change (169 h)")
    func weekAcrossDST() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2026-10-29 00:00", Self.zone), interval: .weekly, duration: .seconds(7 * 86_400),
            calendar: Self.zone)
        let window = try Self.window(element)
        #expect(window.interval.end == Pinned.date("2026-11-05 00:00", Self.zone))
        #expect(window.interval.duration == 169 * 3600)
        #expect(
            window.nights.map(\.text) == [
                "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03",
            ])
    }

    @Test("a timed event is [start, start + duration) and its night is the one that ended that morning")
    func timed() throws {
        let element = try ScheduleElement(
            start: Pinned.date("2026-07-01 08:00", Self.zone), interval: .daily, duration: .hours(1),
            calendar: Self.zone)
        let window = try Self.window(element)
        #expect(window.interval == DateInterval(start: Pinned.date("2026-07-01 08:00", Self.zone), duration: 3600))
        #expect(window.nights == [CivilDate(year: 2026, month: 6, day: 30)])
    }
}
