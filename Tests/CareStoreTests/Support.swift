import Foundation

/// Pinned calendars and date parsing for the store tests (the schedule tests in CareModelTests have their own).
enum Pinned {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    static let utc = calendar("UTC")
    static let losAngeles = calendar("America/Los_Angeles")

    /// Parses "yyyy-MM-dd HH:mm[:ss]" as local time in `calendar`'s zone.
    static func date(_ text: String, _ calendar: Calendar = utc) -> Date {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map { Int($0)! }
        var components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts.count > 3 ? parts[3] : 0,
            minute: parts.count > 4 ? parts[4] : 0, second: parts.count > 5 ? parts[5] : 0)
        components.timeZone = calendar.timeZone
        return calendar.date(from: components)!
    }
}
