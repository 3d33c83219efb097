package import Foundation
import ParticipantWords
import RegimenFoundation

/// Day and time wording: "Saturday 21 November 2026", "08:04", "2026-11-21", in the calendar's time zone.
///
/// Built from calendar components rather than a `DateFormatter`: the wording is fixed English (the app's language),
/// and creating an ICU formatter cost the care feed more than a millisecond of its start-up.
package enum DayText {
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// "Saturday 21 November 2026".
    static func long(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.weekday, .day, .month, .year], from: date)
        let weekday = parts.weekday.flatMap { weekdays.indices.contains($0 - 1) ? weekdays[$0 - 1] : nil } ?? "?"
        let month = parts.month.flatMap { months.indices.contains($0 - 1) ? months[$0 - 1] : nil } ?? "?"
        return "\(weekday) \(parts.day ?? 0) \(month) \(DigitText.padded(parts.year ?? 0, width: 4))"
    }

    /// The day in the participant's language: English as `long(_:calendar:)`; another language by Foundation's date
    /// format for its locale ("2026年11月21日土曜日"), whose formatter only that language pays for.
    static func long(_ date: Date, calendar: Calendar, words: Words) -> String {
        guard words.language != Words.english.language else { return long(date, calendar: calendar) }
        let locale = Locale(identifier: words.language.description)
        return date.formatted(
            Date.FormatStyle(
                date: .complete, time: .omitted, locale: locale, calendar: calendar, timeZone: calendar.timeZone))
    }

    /// "08:04" (24-hour clock).
    static func time(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return ClockTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0).text
    }

    /// "2026-11-21".
    package static func iso(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CivilDate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0).text
    }
}
