package import Foundation

/// Pinned calendars (Gregorian, POSIX locale) and date text for tests: every test says which zone it runs in.
package enum Pinned {
    /// A Gregorian calendar in `zone`, with the POSIX locale.
    package static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    package static let utc = calendar("UTC")
    package static let losAngeles = calendar("America/Los_Angeles")
    package static let berlin = calendar("Europe/Berlin")
    package static let paris = calendar("Europe/Paris")

    /// Parses "yyyy-MM-dd HH:mm[:ss]" as local time in `calendar`'s zone.
    package static func date(_ text: String, _ calendar: Calendar = utc) -> Date {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map { Int($0)! }
        var components = DateComponents(
            year: parts[0], month: parts[1], day: parts[2], hour: parts.count > 3 ? parts[3] : 0,
            minute: parts.count > 4 ? parts[4] : 0, second: parts.count > 5 ? parts[5] : 0)
        components.timeZone = calendar.timeZone
        return calendar.date(from: components)!
    }

    /// Formats a date as "yyyy-MM-dd HH:mm:ss" local time in `calendar`'s zone.
    package static func text(_ date: Date, _ calendar: Calendar = utc) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
}
