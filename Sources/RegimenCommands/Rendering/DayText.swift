import Foundation

/// Day and time wording: "Saturday 21 November 2026", "08:04", "2026-11-21", in the calendar's time zone.
///
/// Built from calendar components rather than a `DateFormatter`: the wording is fixed English (the app's language),
/// and creating an ICU formatter cost the care feed more than a millisecond of its start-up.
enum DayText {
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
        return "\(weekday) \(parts.day ?? 0) \(month) \(padded(parts.year ?? 0, to: 4))"
    }

    /// "08:04" (24-hour clock).
    static func time(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return "\(padded(parts.hour ?? 0, to: 2)):\(padded(parts.minute ?? 0, to: 2))"
    }

    /// "2026-11-21".
    static func iso(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(padded(parts.year ?? 0, to: 4))-\(padded(parts.month ?? 0, to: 2))-\(padded(parts.day ?? 0, to: 2))"
    }

    private static func padded(_ number: Int, to width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
