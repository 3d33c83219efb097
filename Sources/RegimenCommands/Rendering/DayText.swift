import Foundation

/// Day and time wording: "Saturday 21 November 2026", "08:04".
enum DayText {
    static func long(_ date: Date, calendar: Calendar) -> String {
        format(date, calendar: calendar, pattern: "EEEE d MMMM yyyy")
    }

    static func time(_ date: Date, calendar: Calendar) -> String {
        format(date, calendar: calendar, pattern: "HH:mm")
    }

    static func iso(_ date: Date, calendar: Calendar) -> String {
        format(date, calendar: calendar, pattern: "yyyy-MM-dd")
    }

    private static func format(_ date: Date, calendar: Calendar, pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
