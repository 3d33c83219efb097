import Foundation
import RegimenFoundation
import ResearchTasks

/// Reads the date and time notations of the survey format (docs/dates-and-times.md, "Forms accepted").
enum DateText {
    /// "HH:mm" (00:00 … 23:59, two-digit hour).
    static func timeOfDay(_ text: String) -> TimeOfDay? {
        ClockTime(text, hours: .twoDigits).map { TimeOfDay(hour: $0.hour, minute: $0.minute) }
    }

    /// "yyyy-MM-dd" (midnight in the calendar's time zone) or "yyyy-MM-ddTHH:mm[:ss]" with an optional
    /// "Z" or "±HH:mm" zone (the calendar's time zone when absent).
    static func date(_ text: String, calendar: Calendar) -> Date? {
        guard let reading = ISODateTime.read(text, rules: .surveyFile), reading.fractionDigits.isEmpty else {
            return nil
        }
        if let instant = reading.date { return instant }
        let day = reading.day
        let components = DateComponents(
            year: day.year, month: day.month, day: day.day, hour: reading.time?.hour ?? 0,
            minute: reading.time?.minute ?? 0, second: reading.second ?? 0)
        guard let date = calendar.date(from: components) else { return nil }
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        guard check.year == day.year, check.month == day.month, check.day == day.day else { return nil }
        return date
    }
}
