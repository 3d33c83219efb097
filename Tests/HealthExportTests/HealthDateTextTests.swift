import FoundationEssentials
import HealthData
import HealthExport
import RegimenFoundation
import Testing

/// `YYYY-MM-DD HH:MM:SS ±HHMM` read at byte level (docs/health-export.md, "Dates").
struct HealthDateTextTests {
    @Test(
        "The same instant written with the export's two offsets reads to the same seconds, keeping each written offset")
    func sameInstant() throws {
        let winter = try #require(HealthDateText.read("2016-11-14 06:33:54 -0800"))
        let summer = try #require(HealthDateText.read("2016-11-14 07:33:54 -0700"))
        #expect(winter.seconds == summer.seconds)
        #expect(winter.seconds == utc(2016, 11, 14, 14, 33, 54))
        #expect(winter.offsetMinutes == -480 && summer.offsetMinutes == -420)
        #expect(HealthDateText.read("2026-07-01 07:41:07 +0530")?.seconds == utc(2026, 7, 1, 2, 11, 7))
        #expect(HealthDateText.read("1969-12-31 23:59:59 +0000")?.seconds == -1)
        #expect(HealthDateText.read("2024-02-29 00:00:00 +0000")?.seconds == utc(2024, 2, 29, 0, 0, 0))
    }

    @Test(
        "Anything but the exact form, or a day or time that does not exist, is not a date",
        arguments: [
            "2026-07-01 07:41:07", "2026-07-01T07:41:07 +0200", "2026-07-01 07:41:07 +02:00",
            "2026-13-01 07:41:07 +0200",
            "2025-02-29 07:41:07 +0200", "2026-07-01 24:00:00 +0200", "2026-07-01 07:60:00 +0200",
            "2026-07-01 07:41:07 *0200",
            "2026-07-01 07:41:07 +0260", "", "２０２６-07-01 07:41:07 +0200",
        ])
    func refused(text: String) {
        #expect(HealthDateText.read(text) == nil)
    }

    @Test(
        "GPX instants `YYYY-MM-DDTHH:MM:SSZ` read by arithmetic give the general ISO 8601 reader's seconds; other forms and impossible times are left to it",
        arguments: [
            "2021-07-02T16:17:46Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2024-02-29T12:00:00Z",
            "0001-01-01T00:00:00Z",
            "9999-12-31T23:59:59Z",
        ])
    func gpxInstant(text: String) throws {
        var bytes = Array(text.utf8)
        let fast = bytes.withUnsafeMutableBufferPointer { HealthDateText.readUTCInstant(UnsafeBufferPointer($0)) }
        let general = bytes.withUnsafeMutableBufferPointer {
            ISODateTime.read(utf8: UnsafeBufferPointer($0), rules: .instant)?.date?.timeIntervalSince1970
        }
        #expect(fast.map(Double.init) == general)
        #expect(fast != nil)
    }

    @Test(
        "Not the GPX form, or no such day or time: the fast reader declines",
        arguments: [
            "2021-07-02T16:17:46.5Z", "2021-07-02T16:17:46+00:00", "2021-07-02 16:17:46Z", "2025-02-29T00:00:00Z",
            "2021-07-02T24:00:00Z", "2021-07-02T16:60:00Z", "2021-07-02T16:17:60Z", "0000-01-01T00:00:00Z",
            "2021-07-02T16:17:4Z",
        ])
    func gpxInstantDeclined(text: String) {
        var bytes = Array(text.utf8)
        #expect(bytes.withUnsafeMutableBufferPointer { HealthDateText.readUTCInstant(UnsafeBufferPointer($0)) } == nil)
    }
}
