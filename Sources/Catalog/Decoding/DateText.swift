import Foundation
import ResearchTasks

/// Reads the date and time notations of the survey format.
enum DateText {
    /// "HH:mm" (00:00 … 23:59).
    static func timeOfDay(_ text: String) -> TimeOfDay? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return TimeOfDay(hour: hour, minute: minute)
    }

    /// "yyyy-MM-dd" (midnight in the calendar's time zone) or "yyyy-MM-ddTHH:mm[:ss]" with an optional
    /// "Z" or "±HH:mm" zone (the calendar's time zone when absent).
    static func date(_ text: String, calendar: Calendar) -> Date? {
        let scalars = Array(text)
        guard scalars.count >= 10, scalars[4] == "-", scalars[7] == "-",
            let year = Int(String(scalars[0..<4])), let month = Int(String(scalars[5..<7])),
            let day = Int(String(scalars[8..<10]))
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var zone = calendar.timeZone
        var rest = String(scalars[10...])
        if !rest.isEmpty {
            guard rest.first == "T" || rest.first == " " else { return nil }
            rest.removeFirst()
            var clock = rest
            if rest.hasSuffix("Z") {
                clock = String(rest.dropLast())
                zone = TimeZone(secondsFromGMT: 0) ?? zone
            } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
                clock = String(rest[..<signIndex])
                let offsetText = rest[rest.index(after: signIndex)...].replacingOccurrences(of: ":", with: "")
                guard offsetText.count == 4, let hh = Int(offsetText.prefix(2)), let mm = Int(offsetText.suffix(2)) else { return nil }
                let seconds = (hh * 3600 + mm * 60) * (rest[signIndex] == "-" ? -1 : 1)
                guard let fixed = TimeZone(secondsFromGMT: seconds) else { return nil }
                zone = fixed
            }
            let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 }),
                let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
            else { return nil }
            let second = parts.count == 3 ? Int(parts[2]) : 0
            guard let second, (0...59).contains(second) else { return nil }
            components.hour = hour
            components.minute = minute
            components.second = second
        }
        var zoned = calendar
        zoned.timeZone = zone
        guard let date = zoned.date(from: components) else { return nil }
        let check = zoned.dateComponents([.year, .month, .day], from: date)
        guard check.year == year, check.month == month, check.day == day else { return nil }
        return date
    }
}
