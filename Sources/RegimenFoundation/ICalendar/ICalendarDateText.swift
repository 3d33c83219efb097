package import Foundation

/// RFC 5545 DATE and DATE-TIME value text (§3.3.4, §3.3.5) and UTC-OFFSET text (§3.3.14), computed arithmetically.
package enum ICalendarDateText {
    /// `yyyyMMdd` of a civil date.
    package static func date(_ date: CivilDate) -> String {
        DigitText.padded(date.year, width: 4) + DigitText.padded(date.month, width: 2)
            + DigitText.padded(date.day, width: 2)
    }

    /// `yyyyMMddTHHmmss`, the wall-clock reading of `instant` in `zone` (form 3, with a TZID parameter).
    package static func local(_ instant: Date, zone: TimeZone) -> String {
        text(CivilDateTime(instant, timeZone: zone), suffix: "")
    }

    /// `yyyyMMddTHHmmssZ`, `instant` in UTC (form 2).
    package static func utc(_ instant: Date) -> String {
        text(CivilDateTime(instant, offsetMinutes: 0), suffix: "Z")
    }

    /// `+hhmm` / `-hhmm` (seconds are dropped: zones of this century use whole minutes).
    package static func offset(seconds: Int) -> String {
        UTCOffset(minutes: seconds / 60, style: .basic).text
    }

    private static func text(_ reading: CivilDateTime, suffix: String) -> String {
        date(CivilDate(year: reading.year, month: reading.month, day: reading.day)) + "T"
            + DigitText.padded(reading.hour, width: 2) + DigitText.padded(reading.minute, width: 2)
            + DigitText.padded(reading.second, width: 2) + suffix
    }
}
