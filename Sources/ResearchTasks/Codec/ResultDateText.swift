package import Foundation
import RegimenFoundation

/// Date and time-of-day text of result files (docs/dates-and-times.md, "Result files").
package enum ResultDateText {
    /// `yyyy-MM-dd'T'HH:mm:ssZ` of `date` in `timeZone`, e.g. `2026-11-21T08:04:10+0000`.
    package static func string(from date: Date, timeZone: TimeZone) -> String {
        CivilDateTime(date, timeZone: timeZone).serializerText
    }

    /// Reads the serializer pattern with any offset (`+0000`, `-0700`), and ISO 8601 with `Z`, `±HH:mm`, `±HH`
    /// and/or fractional seconds. Nil when the text is none of these or names an impossible date.
    package static func date(from text: String) -> Date? {
        // Read in place (no copy of the text into an array: result files hold eight dates each).
        var text = text
        return text.withUTF8(date(utf8:))
    }

    /// `date(from:)` of the text whose UTF-8 bytes are `bytes`.
    package static func date(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        ISODateTime.serializerInstant(utf8: bytes) ?? ISODateTime.read(utf8: bytes, rules: .instant)?.date
    }

    /// `"HH:mm"`, zero-padded.
    package static func string(from time: TimeOfDay) -> String {
        ClockTime(hour: time.hour, minute: time.minute).text
    }

    /// Reads `"HH:mm"`, a one-digit hour accepted as ResearchKit's own reader accepts it
    /// (docs/dates-and-times.md, "Times of day"); nil when malformed or out of range.
    package static func timeOfDay(from text: String) -> TimeOfDay? {
        ClockTime(text, hours: .oneOrTwoDigits).map { TimeOfDay(hour: $0.hour, minute: $0.minute) }
    }
}
