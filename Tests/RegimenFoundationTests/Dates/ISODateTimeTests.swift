import Foundation
import RegimenFoundation
import Testing

@Suite("ISO 8601 date-times keep the offset as written")
struct ISODateTimeTests {
    @Test(
        "texts read back to the same text, offset notation and fraction kept",
        arguments: [
            "2026-11-21T08:04:10+01:00", "2026-11-21T08:04:10+0100", "2026-11-21T08:04:10Z", "2026-11-21T08:04:10-07",
            "2026-11-21T08:04:10.250-05:30", "2026-11-21T08:04:10.000000001+00:00", "0001-01-01T00:00:00Z",
            "9999-12-31T23:59:59+0000",
        ])
    func roundTrip(_ text: String) throws {
        let reading = try #require(ISODateTime.read(text, rules: .instant))
        #expect(reading.text == text)
    }

    @Test("the instant honors the offset: 08:04:10+01:00 is 07:04:10Z; the offset is kept, not normalized")
    func instant() throws {
        let reading = try #require(ISODateTime.read("2026-11-21T08:04:10+01:00", rules: .instant))
        let utc = try #require(ISODateTime.read("2026-11-21T07:04:10Z", rules: .instant))
        #expect(reading.date == utc.date)
        #expect(reading.offset == UTCOffset(minutes: 60, style: .extended))
        #expect(reading != utc)
    }

    @Test(
        "impossible or malformed instants are refused",
        arguments: [
            "2026-02-30T08:00:00Z", "2025-02-29T08:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T23:60:00Z",
            "2026-11-21T23:59:60Z", "2026-11-21T08:04:10+24:00", "2026-11-21T08:04:10+01:60", "2026-11-21T08:04:10",
            "2026-11-21T8:04:10Z", "2026-11-21 08:04:10Z", "2026-11-21T08:04Z", "2026-11-21T08:04:10.Z",
            "2026-11-21T08:04:10+1:30", "0000-01-01T00:00:00Z", "2026-11-21T08:04:10Z ", "+2026-11-21T08:04:10Z",
            "2026-11-21T08:04:10+01:00:00", "2026-13-01T00:00:00Z",
        ])
    func refused(_ text: String) {
        #expect(ISODateTime.read(text, rules: .instant) == nil)
    }

    @Test("survey files: a date alone or with HH:mm[:ss] is local (no offset); typed answers allow one digit")
    func localForms() throws {
        let day = try #require(ISODateTime.read("2026-11-21", rules: .surveyFile))
        #expect(day.time == nil && day.offset == nil && day.date == nil)
        let spaced = try #require(ISODateTime.read("2026-11-21 08:30", rules: .surveyFile))
        #expect(spaced.time == ClockTime(hour: 8, minute: 30) && spaced.text == "2026-11-21 08:30")
        #expect(ISODateTime.read("2026-11-21T8:30", rules: .surveyFile) == nil)
        #expect(ISODateTime.read("2026-1-5 8:30", rules: .surveyFile) == nil)
        let typed = try #require(ISODateTime.read("2026-1-5 8:30", rules: .typed))
        #expect(typed.day == CivilDate(year: 2026, month: 1, day: 5) && typed.time == ClockTime(hour: 8, minute: 30))
        #expect(ISODateTime.read("2026-11-21 08:30:00", rules: .typed) == nil)
        #expect(ISODateTime.read("2026-11-21T08:30Z", rules: .typed) == nil)
        #expect(ISODateTime.read("2026-02-30", rules: .typed) == nil)
    }

    @Test("agrees with Foundation's ISO8601DateFormatter and Calendar over 5,000 random instants and zones")
    func agreesWithFoundation() throws {
        var random = SplitMix64(seed: 8601)
        let zones = TimeZone.knownTimeZoneIdentifiers.compactMap(TimeZone.init(identifier:))
        try #require(!zones.isEmpty)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        for _ in 0..<5_000 {
            // 1972…2100: zones have whole-minute offsets there (older local mean times have seconds).
            let seconds = Int.random(in: 63_072_000...4_102_444_800, using: &random)
            let date = Date(timeIntervalSince1970: Double(seconds))
            let zone = zones.randomElement(using: &random)!
            formatter.timeZone = zone
            let ours = ISODateTime(date, timeZone: zone, style: .extended)
            let expected = formatter.string(from: date)
            #expect(
                ours.text.replacingOccurrences(of: "+00:00", with: "Z") == expected, "\(zone.identifier) \(seconds)")
            #expect(ISODateTime.read(ours.text, rules: .instant)?.date == date)
            #expect(formatter.date(from: ours.text) == date)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let civil = CivilDateTime(date, timeZone: zone)
            #expect(
                [civil.year, civil.month, civil.day, civil.hour, civil.minute, civil.second]
                    == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second],
                "\(zone.identifier) \(seconds)")
        }
    }

    @Test("the ResearchKit serializer form yyyy-MM-dd'T'HH:mm:ssZ writes +0000-style offsets and reads back")
    func serializerForm() throws {
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let date = Date(timeIntervalSince1970: 1_795_161_850)  // 2026-11-20T08:04:10Z
        let text = CivilDateTime(date, timeZone: zone).serializerText
        #expect(text == "2026-11-20T00:04:10-0800")
        #expect(ISODateTime(date, timeZone: zone, style: .basic).text == text)
        #expect(ISODateTime.read(text, rules: .instant)?.date == date)
    }
}

/// The serializer form's direct reading (`ISODateTime.serializerInstant`) must give exactly what the general reading
/// gives, or nothing: texts of that shape and length are taken byte by byte from valid ones and changed one byte at a
/// time.
@Suite("ISO 8601 date-times: the serializer form read directly agrees with the general reading")
struct SerializerInstantTests {
    private func direct(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { ISODateTime.serializerInstant(utf8: $0) }
    }

    private func general(_ text: String) -> Date? {
        ISODateTime.read(text, rules: .instant)?.date
    }

    /// Valid serializer texts over the calendar's edges: leap days, the first and last years, offsets at their ends.
    private let valid = [
        "2026-11-21T08:04:10+0000", "2024-02-29T23:59:59-0700", "0001-01-01T00:00:00+2359", "9999-12-31T23:59:59-2359",
        "1990-01-01T08:06:40+0000", "2000-02-29T12:00:00+0530", "2100-03-01T00:00:00-0000", "1970-01-01T00:00:00+0100",
    ]

    @Test("every valid serializer text is read directly, to the general reading's instant")
    func validTexts() throws {
        for text in valid {
            let expected = try #require(general(text), "\(text)")
            #expect(direct(text) == expected, "\(text)")
        }
    }

    @Test(
        "every one-byte change of a valid text gives the general reading's answer or leaves it to the general reading")
    func oneByteChanges() {
        let replacements = Array("0123456789+-:TZ .x".utf8) + [0xC3]
        var checked = 0
        for text in valid {
            let bytes = Array(text.utf8)
            for position in bytes.indices {
                for replacement in replacements where replacement != bytes[position] {
                    var changed = bytes
                    changed[position] = replacement
                    let candidate = String(decoding: changed, as: UTF8.self)
                    if let read = direct(candidate) {
                        #expect(read == general(candidate), "\(candidate)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 500, "the direct reading took \(checked) of the changed texts")
        // The general reading's refusals, which the direct one must share.
        for text in [
            "0000-01-01T00:00:00+0000", "2025-02-29T08:00:00+0000", "2026-11-21T24:00:00+0000",
            "2026-11-21T08:04:10+2400", "2026-11-21T08:04:10+0160", "2026-13-01T08:04:10+0000",
        ] {
            #expect(direct(text) == nil && general(text) == nil, "\(text)")
        }
    }
}
