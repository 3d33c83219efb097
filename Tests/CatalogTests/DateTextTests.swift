import Foundation
import ResearchTasks
import Testing

@testable import Catalog

@Suite("Survey-file date and time text (docs/dates-and-times.md, \"Forms accepted\")")
struct DateTextTests {
    private let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? calendar.timeZone
        return calendar
    }()

    @Test("HH:mm needs two-digit hours 00–23 and minutes 00–59; signs and one-digit hours are refused")
    func timeOfDay() {
        #expect(DateText.timeOfDay("08:30")?.hour == 8)
        #expect(DateText.timeOfDay("23:59")?.minute == 59)
        for text in ["+1:30", "+01:30", "8:30", "24:00", "12:60", "08:30:00", " 08:30"] {
            #expect(DateText.timeOfDay(text) == nil, "\(text)")
        }
    }

    @Test("a date alone is midnight in the calendar's zone; a written offset wins over the zone")
    func dates() throws {
        let midnight = try #require(DateText.date("2026-11-21", calendar: calendar))
        #expect(midnight == Date(timeIntervalSince1970: 1_795_215_600))  // 2026-11-20T23:00:00Z
        let zoned = try #require(DateText.date("2026-11-21T08:00+01:00", calendar: calendar))
        #expect(zoned == DateText.date("2026-11-21T07:00:00Z", calendar: calendar))
        #expect(DateText.date("2026-11-21 08:00:30", calendar: calendar) == Date(timeIntervalSince1970: 1_795_244_430))
    }

    @Test(
        "impossible or malformed dates are refused",
        arguments: [
            "2026-02-30", "2026-13-01", "2026-11-21T24:00", "2026-11-21T+1:30", "2026-11-21T08:00+25:00", "2026-1-5",
            "2026-11-21T08:00:00.5Z", "2026-11-21x",
        ])
    func refused(_ text: String) {
        #expect(DateText.date(text, calendar: calendar) == nil)
    }
}
