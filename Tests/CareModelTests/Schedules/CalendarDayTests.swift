import Foundation
import TestSupport
import Testing

@testable import CareModel

@Suite("CalendarDay: the day of an instant, as Calendar.startOfDay + 1 day gives it")
struct CalendarDayTests {
    /// Zones with DST at 02:00 and at midnight, half-hour DST, a skipped day, fixed offsets, and UTC.
    static let zones = [
        "UTC", "Europe/Zurich", "America/Los_Angeles", "America/Santiago", "America/Havana", "Asia/Beirut",
        "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham",
        "Africa/Casablanca",
    ]

    @Test("equals the calendar's day for every hour of 2011-2012 and of the 1900s-1970s transitions", arguments: zones)
    func matchesCalendar(_ zone: String) throws {
        let calendar = Pinned.calendar(zone)
        var instants: [Date] = []
        let from2011 = Pinned.date("2011-01-01 00:00")
        instants += (0..<(2 * 366 * 24)).map { from2011.addingTimeInterval(Double($0) * 3600 + 1) }
        let from1900 = Pinned.date("1900-01-01 00:00")
        instants += (0..<2000).map { from1900.addingTimeInterval(Double($0) * 1_234_567) }
        for instant in instants {
            let start = calendar.startOfDay(for: instant)
            let expected = calendar.date(byAdding: .day, value: 1, to: start).map {
                DateInterval(start: start, end: $0)
            }
            let day = CalendarDay.interval(containing: instant, calendar: calendar)
            #expect(day == expected, "\(zone) at \(instant)")
            if day != expected { return }
        }
    }

    @Test("a calendar other than the Gregorian one is asked directly")
    func otherCalendars() {
        var calendar = Calendar(identifier: .islamicUmmAlQura)
        calendar.timeZone = TimeZone(identifier: "Asia/Riyadh")!
        let instant = Pinned.date("2024-03-10 21:30")
        let start = calendar.startOfDay(for: instant)
        #expect(
            CalendarDay.interval(containing: instant, calendar: calendar)
                == DateInterval(start: start, end: calendar.date(byAdding: .day, value: 1, to: start)!))
    }
}
