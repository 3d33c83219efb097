import Foundation
import Synchronization

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

    /// Formatters are costly to create (ICU), so each (pattern, zone) gets one per process.
    private static let formatters = Mutex<[String: DateFormatter]>([:])

    private static func format(_ date: Date, calendar: Calendar, pattern: String) -> String {
        let key = "\(pattern)|\(calendar.timeZone.identifier)"
        return formatters.withLock { cache in
            let formatter = cache[key] ?? {
                let made = DateFormatter()
                made.locale = Locale(identifier: "en_US_POSIX")
                made.calendar = calendar
                made.timeZone = calendar.timeZone
                made.dateFormat = pattern
                return made
            }()
            cache[key] = formatter
            return formatter.string(from: date)
        }
    }
}
