package import Foundation

/// A wall-clock date and time with its UTC offset, computed arithmetically (no formatter, no locale),
/// so text is identical on every platform. Seconds are whole: sub-second precision is dropped. Day arithmetic is
/// `CivilDate`'s (docs/dates-and-times.md).
package struct CivilDateTime: Sendable, Hashable {
    /// Year, 1…9999.
    package var year: Int
    /// Month, 1…12.
    package var month: Int
    /// Day of month, 1…31.
    package var day: Int
    /// Hour, 0…23.
    package var hour: Int
    /// Minute, 0…59.
    package var minute: Int
    /// Second, 0…59.
    package var second: Int
    /// Offset from UTC in whole minutes.
    package var offsetMinutes: Int

    /// Earliest reading written: 0001-01-01T00:00:00.
    private static let earliestSeconds = -62_135_596_800
    /// Latest reading written: 9999-12-31T23:59:59.
    private static let latestSeconds = 253_402_300_799

    /// The wall-clock reading of `date` in `timeZone` (whole minutes of offset). Readings outside years 1…9999
    /// are clamped to that range, so the text always has a four-digit year.
    package init(_ date: Date, timeZone: TimeZone) {
        self.init(date, offsetMinutes: timeZone.secondsFromGMT(for: date) / 60)
    }

    /// The wall-clock reading of `date` at a UTC offset of `offsetMinutes` (clamped like `init(_:timeZone:)`): the
    /// same arithmetic without asking a time zone, for UTC or an offset already known.
    package init(_ date: Date, offsetMinutes: Int) {
        let interval = date.timeIntervalSince1970
        let seconds: Int
        if !interval.isFinite || interval < Double(Self.earliestSeconds) {
            seconds = Self.earliestSeconds
        } else if interval > Double(Self.latestSeconds) {
            seconds = Self.latestSeconds
        } else {
            seconds = Int(interval.rounded(.down))
        }
        let local = min(max(seconds + offsetMinutes * 60, Self.earliestSeconds), Self.latestSeconds)
        let days = CivilDate.floorDivide(local, 86_400)
        let secondOfDay = local - days * 86_400
        let civil = CivilDate(dayNumber: days)
        self.year = civil.year
        self.month = civil.month
        self.day = civil.day
        self.hour = secondOfDay / 3600
        self.minute = secondOfDay % 3600 / 60
        self.second = secondOfDay % 60
        self.offsetMinutes = offsetMinutes
    }

    /// Creates a reading from its fields (not validated; see `isValid`).
    package init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetMinutes: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.offsetMinutes = offsetMinutes
    }

    /// Whether every field is in range for a real calendar date and time.
    package var isValid: Bool {
        CivilDate(year: year, month: month, day: day).isValid && (0...23).contains(hour) && (0...59).contains(minute)
            && (0...59).contains(second) && abs(offsetMinutes) < 24 * 60
    }

    /// The instant this reading denotes.
    package var date: Date {
        let days = CivilDate(year: year, month: month, day: day).dayNumber
        let local = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(local - offsetMinutes * 60))
    }

    /// `yyyy-MM-dd'T'HH:mm:ssZ`, e.g. `2026-11-21T08:04:10+0000`.
    package var serializerText: String {
        "\(dateText)T\(timeText)\(offsetText)"
    }

    /// `yyyy-MM-dd`.
    package var dateText: String {
        CivilDate(year: year, month: month, day: day).text
    }

    /// `HH:mm:ss`.
    package var timeText: String {
        "\(ClockTime(hour: hour, minute: minute).text):\(DigitText.padded(second, width: 2))"
    }

    /// `+HHmm` / `-HHmm`.
    package var offsetText: String {
        UTCOffset(minutes: offsetMinutes, style: .basic).text
    }

    /// `yyyyMMdd-HHmmss`, for file names.
    package var compactText: String {
        "\(DigitText.padded(year, width: 4))\(DigitText.padded(month, width: 2))\(DigitText.padded(day, width: 2))-"
            + "\(DigitText.padded(hour, width: 2))\(DigitText.padded(minute, width: 2))\(DigitText.padded(second, width: 2))"
    }
}
