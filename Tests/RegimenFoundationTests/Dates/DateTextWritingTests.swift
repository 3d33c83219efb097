import Foundation
import RegimenFoundation
import Testing

/// The byte writers behind every date text and database field: digits with leading zeros, and the UTC and zoned
/// readings, checked against the slower definitions they replace (String formatting and Foundation's calendar).
@Suite("Date text writing: digits, UTC and zoned readings")
struct DateTextWritingTests {
    @Test("digits with leading zeros, negatives and the extremes of Int")
    func digits() {
        let cases: [(Int, Int, String)] = [
            (0, 1, "0"), (7, 2, "07"), (8, 1, "8"), (123, 2, "123"), (5, 6, "000005"), (-42, 1, "-42"), (-7, 3, "-007"),
            (Int.max, 1, "9223372036854775807"), (Int.min, 1, "-9223372036854775808"), (2026, 4, "2026"),
            (33, 4, "0033"),
        ]
        for (value, width, text) in cases {
            var bytes: [UInt8] = [0x78]  // appends after what is there
            DigitText.append(value, width: width, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + text)
            #expect(DigitText.padded(value, width: width) == text)
        }
    }

    @Test("UTC readings of 20,000 random instants from 1900 to 2200 match Foundation's calendar in UTC")
    func utcReadings() throws {
        var random = SplitMix64(seed: 29)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for _ in 0..<20_000 {
            let seconds = Double(Int(random.next() % 9_467_280_000)) - 2_208_988_800 + 0.75
            let date = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                parts.hour ?? 0,
                parts.minute ?? 0, parts.second ?? 0)
            #expect(ISODateTime(utc: date).text == expected, "\(seconds)")
        }
    }

    @Test("a reading taken at a known offset is the reading taken in a zone with that offset")
    func knownOffsets() throws {
        let zones = try ["Europe/Berlin", "America/Santiago", "Asia/Kathmandu", "Pacific/Chatham", "UTC"].map {
            try #require(TimeZone(identifier: $0))
        }
        var random = SplitMix64(seed: 31)
        for _ in 0..<5_000 {
            let date = Date(timeIntervalSince1970: Double(Int(random.next() % 4_000_000_000)) - 1_000_000_000)
            for zone in zones {
                let zoned = CivilDateTime(date, timeZone: zone)
                #expect(CivilDateTime(date, offsetMinutes: zone.secondsFromGMT(for: date) / 60) == zoned)
                #expect(ISODateTime(zoned, style: .extended).text == ISODateTime(date, timeZone: zone).text)
            }
        }
    }
}
