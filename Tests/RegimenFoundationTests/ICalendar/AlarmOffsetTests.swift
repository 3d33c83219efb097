import Testing

@testable import RegimenFoundation

/// `--alarm` offsets (docs/icalendar.md, "Alarms"): what is accepted, what it means, and the refusals.
@Suite("iCalendar alarm offsets")
struct AlarmOffsetTests {
    @Test(
        "accepted forms and their RFC 5545 durations",
        arguments: [
            ("0", 0, "PT0S"), ("-10m", -600, "-PT10M"), ("-1h", -3600, "-PT1H"), ("-1h30m", -5400, "-PT1H30M"),
            ("+5m", 300, "PT5M"), ("15m", 900, "PT15M"), ("-1d", -86_400, "-P1D"), ("-1d2h", -93_600, "-P1DT2H"),
            ("-90s", -90, "-PT1M30S"), ("-0m", 0, "PT0S"), (" -10m ", -600, "-PT10M"),
        ])
    func accepted(text: String, seconds: Int, duration: String) throws {
        let offset = try AlarmOffset(parsing: text)
        #expect(offset.seconds == seconds)
        #expect(offset.durationText == duration)
    }

    @Test(
        "bad text is refused with the reason",
        arguments: [
            ("", AlarmOffsetError.empty), ("10", .malformed("10")), ("-", .malformed("-")),
            ("-10x", .malformed("-10x")),
            ("ten minutes", .malformed("ten minutes")), ("-m", .malformed("-m")), ("--10m", .malformed("--10m")),
            ("-30m1h", .unitsOutOfOrder("-30m1h")), ("-1h1h", .unitsOutOfOrder("-1h1h")),
            ("-1000000m", .malformed("-1000000m")),
            ("-29d", .tooFar("-29d")),
        ])
    func refused(text: String, error: AlarmOffsetError) {
        #expect(throws: error) { try AlarmOffset(parsing: text) }
        #expect(error.reason.contains("--alarm"))
    }
}
