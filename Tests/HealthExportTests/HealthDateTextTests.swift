import Testing

import HealthData
import HealthExport

/// `YYYY-MM-DD HH:MM:SS ±HHMM` read at byte level (docs/health-export.md, "Dates").
struct HealthDateTextTests {
    @Test("The same instant written with the export's two offsets reads to the same seconds, keeping each written offset")
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

    @Test("Anything but the exact form, or a day or time that does not exist, is not a date", arguments: [
        "2026-07-01 07:41:07", "2026-07-01T07:41:07 +0200", "2026-07-01 07:41:07 +02:00", "2026-13-01 07:41:07 +0200",
        "2025-02-29 07:41:07 +0200", "2026-07-01 24:00:00 +0200", "2026-07-01 07:60:00 +0200", "2026-07-01 07:41:07 *0200",
        "2026-07-01 07:41:07 +0260", "", "２０２６-07-01 07:41:07 +0200",
    ])
    func refused(text: String) {
        #expect(HealthDateText.read(text) == nil)
    }
}
