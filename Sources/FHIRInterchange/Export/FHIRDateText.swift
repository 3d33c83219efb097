package import Foundation
import RegimenFoundation
package import ResearchTasks

/// FHIR's date, dateTime, instant and time texts (docs/fhir-export.md, "Dates and times").
package enum FHIRDateText {
    /// `2026-11-21T08:04:10+01:00` (`Z` for a zero offset): `date` in `timeZone`, to whole seconds.
    package static func dateTime(_ date: Date, timeZone: TimeZone) -> String {
        dateTime(date, offsetMinutes: timeZone.secondsFromGMT(for: date) / 60)
    }

    /// `date` at a UTC offset of `offsetMinutes`, written as `dateTime(_:timeZone:)` writes it.
    package static func dateTime(_ date: Date, offsetMinutes: Int) -> String {
        var reading = ISODateTime(CivilDateTime(date, offsetMinutes: offsetMinutes))
        reading.offset = offset(offsetMinutes)
        return reading.text
    }

    /// A result file's date text (`2026-11-21T08:04:10+0100`) with its own offset, in FHIR's notation
    /// (`2026-11-21T08:04:10+01:00`); nil when the text is not a full timestamp with an offset.
    package static func dateTime(writtenAs text: String) -> String? {
        guard var reading = ISODateTime.read(text, rules: .instant), let minutes = reading.offset?.minutes else {
            return nil
        }
        reading.offset = offset(minutes)
        return reading.text
    }

    /// `2026-11-21`: the day `date` falls on at a UTC offset of `offsetMinutes`.
    package static func date(_ date: Date, offsetMinutes: Int) -> String {
        let civil = CivilDateTime(date, offsetMinutes: offsetMinutes)
        return CivilDate(year: civil.year, month: civil.month, day: civil.day).text
    }

    /// `22:30:00`: FHIR times always carry seconds.
    package static func time(_ time: TimeOfDay) -> String {
        ClockTime(hour: time.hour, minute: time.minute).text + ":00"
    }

    /// `Z` for zero, `±HH:mm` otherwise.
    private static func offset(_ minutes: Int) -> UTCOffset {
        UTCOffset(minutes: minutes, style: minutes == 0 ? .zulu : .extended)
    }
}
