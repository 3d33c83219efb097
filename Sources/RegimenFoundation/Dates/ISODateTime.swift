package import Foundation

/// An ISO 8601 / RFC 3339 date-time kept as written: the wall-clock reading, any fraction of a second, and the
/// UTC offset in its own notation, so `2026-11-21T08:04:10+01:00` reads and writes back as the same text
/// (docs/dates-and-times.md). Without a written offset it is a local reading, resolved in a time zone by the caller.
package struct ISODateTime: Sendable, Hashable {
    /// The calendar day.
    package var day: CivilDate
    /// The time of day; nil when only a date was written.
    package var time: ClockTime?
    /// Seconds, 0…59; nil when not written (`08:30`).
    package var second: Int?
    /// The digits after the decimal point of the seconds, as written (empty when none).
    package var fractionDigits: String
    /// Whether the date and time are separated by a space rather than `T`.
    package var spaceSeparated: Bool
    /// The written UTC offset; nil for a local reading.
    package var offset: UTCOffset?

    /// A reading from its parts (validated by `isValid`).
    package init(
        day: CivilDate, time: ClockTime? = nil, second: Int? = nil, fractionDigits: String = "",
        spaceSeparated: Bool = false, offset: UTCOffset? = nil
    ) {
        self.day = day
        self.time = time
        self.second = second
        self.fractionDigits = fractionDigits
        self.spaceSeparated = spaceSeparated
        self.offset = offset
    }

    /// The reading of `date` in `timeZone` to whole seconds, with the zone's offset written in `style`
    /// (`.basic` gives the ResearchKit serializer text `2026-11-21T08:04:10+0000`; `.zulu` writes `Z` for a zero
    /// offset and `±HH:mm` otherwise, as RFC 3339 and Foundation's `ISO8601DateFormatter` do).
    package init(_ date: Date, timeZone: TimeZone, style: UTCOffset.Style = .extended) {
        self.init(CivilDateTime(date, timeZone: timeZone), style: style)
    }

    /// The wall-clock reading `civil` with its offset written in `style` (as `init(_:timeZone:style:)`).
    package init(_ civil: CivilDateTime, style: UTCOffset.Style = .extended) {
        let written = style == .zulu && civil.offsetMinutes != 0 ? .extended : style
        self.init(
            day: CivilDate(year: civil.year, month: civil.month, day: civil.day),
            time: ClockTime(hour: civil.hour, minute: civil.minute), second: civil.second,
            offset: UTCOffset(minutes: civil.offsetMinutes, style: written))
    }

    /// The reading of `date` in UTC to whole seconds, written with `Z` (`2026-11-21T08:04:10Z`).
    package init(utc date: Date) {
        self.init(CivilDateTime(date, offsetMinutes: 0), style: .zulu)
    }

    /// Whether the day exists (not 2026-02-30) and the year is 1…9999.
    package var isValid: Bool { Self.isValidDay(day) }

    /// Whether `day` may begin a reading: years 1…9999, a month and day that exist.
    package static func isValidDay(_ day: CivilDate) -> Bool {
        (1...9999).contains(day.year) && day.isValid
    }

    /// The wall-clock reading with its offset (zero seconds when none were written); nil without an offset.
    package var civil: CivilDateTime? {
        guard let offset else { return nil }
        return CivilDateTime(
            year: day.year, month: day.month, day: day.day, hour: time?.hour ?? 0, minute: time?.minute ?? 0,
            second: second ?? 0, offsetMinutes: offset.minutes)
    }

    /// The instant, fraction included; nil for a local reading (no offset written).
    package var date: Date? {
        guard let civil else { return nil }
        guard !fractionDigits.isEmpty, let fraction = Double("0." + fractionDigits) else { return civil.date }
        return civil.date.addingTimeInterval(fraction)
    }

    /// The text, exactly as it was read (or in the notation chosen when written).
    package var text: String { DigitText.text(appendText) }

    /// Appends `text`'s bytes to `bytes`.
    package func appendText(to bytes: inout [UInt8]) {
        day.appendText(to: &bytes)
        guard let time else { return }
        bytes.append(spaceSeparated ? 0x20 : 0x54)
        time.appendText(to: &bytes)
        if let second {
            bytes.append(0x3A)
            DigitText.append(second, width: 2, to: &bytes)
        }
        if !fractionDigits.isEmpty {
            bytes.append(0x2E)
            bytes.append(contentsOf: fractionDigits.utf8)
        }
        offset?.appendText(to: &bytes)
    }
}
