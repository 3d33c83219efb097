import Foundation
import RegimenFoundation
import Testing

@Suite("Civil dates: proleptic Gregorian day numbers")
struct CivilDateTests {
    @Test("known days: 1970-01-01 is day 0, 2000-03-01 is 11017, 1969-12-31 is -1, 0001-01-01 is -719162")
    func knownDays() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(CivilDate(year: 2000, month: 3, day: 1).dayNumber == 11_017)
        #expect(CivilDate(year: 1969, month: 12, day: 31).dayNumber == -1)
        #expect(CivilDate(year: 1, month: 1, day: 1).dayNumber == -719_162)
        #expect(CivilDate(dayNumber: -1) == CivilDate(year: 1969, month: 12, day: 31))
    }

    @Test("day number and date are inverse over ±3 million days (years about −6000 to 10000)")
    func inverse() {
        for day in stride(from: -3_000_000, through: 3_000_000, by: 97) {
            let date = CivilDate(dayNumber: day)
            #expect(date.isValid)
            #expect(date.dayNumber == day, "day \(day) read back as \(date.dayNumber)")
        }
    }

    @Test("agrees with Foundation's Gregorian calendar on 20,000 random days from 1600 to 9999")
    func agreesWithFoundation() throws {
        var random = SplitMix64(seed: 13)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let first = CivilDate(year: 1600, month: 1, day: 1).dayNumber
        let last = CivilDate(year: 9999, month: 12, day: 31).dayNumber
        for _ in 0..<20_000 {
            let day = Int.random(in: first...last, using: &random)
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
            let civil = CivilDate(dayNumber: day)
            #expect([civil.year, civil.month, civil.day] == [parts.year, parts.month, parts.day], "day \(day)")
        }
    }

    @Test("impossible days are invalid: Feb 30, Feb 29 in 1900 and 2026, month 13, day 0; Feb 29 2000 and 2024 exist")
    func validity() {
        #expect(!CivilDate(year: 2026, month: 2, day: 30).isValid)
        #expect(!CivilDate(year: 1900, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2026, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2026, month: 13, day: 1).isValid)
        #expect(!CivilDate(year: 2026, month: 4, day: 0).isValid)
        #expect(!CivilDate(year: 2026, month: 4, day: 31).isValid)
        #expect(CivilDate(year: 2000, month: 2, day: 29).isValid)
        #expect(CivilDate(year: 2024, month: 2, day: 29).isValid)
    }

    @Test("adding months crosses years both ways, before year 0 too")
    func months() {
        #expect(CivilDate(year: 2026, month: 11, day: 5).addingMonths(3) == CivilDate(year: 2027, month: 2, day: 5))
        #expect(CivilDate(year: 2026, month: 1, day: 5).addingMonths(-1) == CivilDate(year: 2025, month: 12, day: 5))
        #expect(CivilDate(year: 0, month: 1, day: 5).addingMonths(-1) == CivilDate(year: -1, month: 12, day: 5))
    }
}
