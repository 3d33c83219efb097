import CareModel
import Foundation
import Testing

@testable import RegimenCommands

/// A reading thread's remembered day must give exactly what `CalendarDay.interval` gives, in any order of dates.
@Suite("Ingest reading: the last day, reused only for the instants it holds")
struct IngestReadingTests {
    @Test("instants around a day's ends and daylight-saving changes, in random order, get CalendarDay's day", arguments: [
        "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "UTC",
    ])
    func sameDays(zone: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let reading = IngestReading()
        // Around 2026's spring and autumn changes and the new year, every 20 minutes, with each day's ends exactly.
        var instants: [Date] = []
        for start in ["2026-03-07T00:00:00Z", "2026-10-24T00:00:00Z", "2026-12-30T00:00:00Z", "2026-04-04T00:00:00Z"] {
            let base = try #require(ISO8601DateFormatter().date(from: start))
            for step in 0..<(4 * 72) { instants.append(base.addingTimeInterval(Double(step) * 1_200)) }
        }
        for instant in Array(instants) {
            if let day = CalendarDay.interval(containing: instant, calendar: calendar) {
                instants += [day.start, day.end, day.end.addingTimeInterval(-0.001)]
            }
        }
        var random = SystemRandomNumberGenerator()
        let orders = [instants, instants.reversed(), instants.shuffled(using: &random)]
        for order in orders {
            for instant in order {
                #expect(reading.day(containing: instant, calendar: calendar) == CalendarDay.interval(containing: instant, calendar: calendar), "\(instant)")
            }
        }
    }
}
