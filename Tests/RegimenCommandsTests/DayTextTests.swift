import Foundation
import Testing

@testable import RegimenCommands

/// DayText words days and times from calendar components; ICU's formatter with the same patterns is the reference.
@Suite("Day text")
struct DayTextTests {
    static let zones = [
        "UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Kiritimati",
    ]

    private func calendar(_ zone: String) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        return calendar
    }

    private func reference(_ pattern: String, _ calendar: Calendar) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = pattern
        return formatter
    }

    @Test(
        "long day, time and ISO day equal ICU's wording over ten years of instants, daylight saving included",
        arguments: zones)
    func matchesICU(zone: String) throws {
        let calendar = try calendar(zone)
        let long = reference("EEEE d MMMM yyyy", calendar)
        let time = reference("HH:mm", calendar)
        let iso = reference("yyyy-MM-dd", calendar)
        // 2020-01-01T00:00:00Z onwards, every 37 h 13 min: every weekday, month and hour, both sides of transitions.
        var date = Date(timeIntervalSince1970: 1_577_836_800)
        for _ in 0..<2_400 {
            #expect(DayText.long(date, calendar: calendar) == long.string(from: date))
            #expect(DayText.time(date, calendar: calendar) == time.string(from: date))
            #expect(DayText.iso(date, calendar: calendar) == iso.string(from: date))
            date += 37 * 3600 + 13 * 60
        }
    }

    @Test("years before 1000 keep four digits, single-digit days and hours are written as ICU writes them")
    func padding() throws {
        let calendar = try calendar("UTC")
        let date = try #require(calendar.date(from: DateComponents(year: 987, month: 3, day: 4, hour: 5, minute: 6)))
        #expect(DayText.iso(date, calendar: calendar) == "0987-03-04")
        #expect(DayText.time(date, calendar: calendar) == "05:06")
        #expect(DayText.long(date, calendar: calendar).hasSuffix(" 4 March 0987"))
    }
}
