import Foundation

/// A wall-clock date and time with its UTC offset, computed arithmetically (no formatter, no locale),
/// so text is identical on every platform. Seconds are whole: sub-second precision is dropped (rule 4 of docs/researchkit-results.md, "Encoding rules").
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
        let interval = date.timeIntervalSince1970
        let seconds: Int
        if !interval.isFinite || interval < Double(Self.earliestSeconds) {
            seconds = Self.earliestSeconds
        } else if interval > Double(Self.latestSeconds) {
            seconds = Self.latestSeconds
        } else {
            seconds = Int(interval.rounded(.down))
        }
        let offsetMinutes = timeZone.secondsFromGMT(for: date) / 60
        let local = min(max(seconds + offsetMinutes * 60, Self.earliestSeconds), Self.latestSeconds)
        let days = Self.floorDivide(local, 86_400)
        let secondOfDay = local - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        self.year = year
        self.month = month
        self.day = day
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
        (1...12).contains(month) && day >= 1 && day <= Self.daysInMonth(year: year, month: month)
            && (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
            && abs(offsetMinutes) < 24 * 60
    }

    /// The instant this reading denotes.
    package var date: Date {
        let days = Self.days(fromCivilYear: year, month: month, day: day)
        let local = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(local - offsetMinutes * 60))
    }

    /// `yyyy-MM-dd'T'HH:mm:ssZ`, e.g. `2026-11-21T08:04:10+0000`.
    package var serializerText: String {
        "\(dateText)T\(timeText)\(offsetText)"
    }

    /// `yyyy-MM-dd`.
    package var dateText: String {
        "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
    }

    /// `HH:mm:ss`.
    package var timeText: String {
        "\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2))"
    }

    /// `+HHmm` / `-HHmm`.
    package var offsetText: String {
        let sign = offsetMinutes < 0 ? "-" : "+"
        let magnitude = abs(offsetMinutes)
        return "\(sign)\(Self.pad(magnitude / 60, 2))\(Self.pad(magnitude % 60, 2))"
    }

    /// Zero-pads a non-negative number to `width` digits.
    package static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    private static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    private static func days(fromCivilYear year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
