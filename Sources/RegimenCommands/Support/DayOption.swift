import Foundation
import RegimenFoundation

/// A calendar day typed on the command line: YYYY-MM-DD, "today" or "yesterday".
enum DayOption {
    /// The start of the named day in `calendar`'s zone.
    static func parse(_ text: String, calendar: Calendar, now: Date) throws(RegimenError) -> Date {
        switch text.lowercased() {
        case "today": return calendar.startOfDay(for: now)
        case "yesterday":
            if let day = calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: now)) { return day }
        case "tomorrow":
            if let day = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) { return day }
        default:
            // yyyy-MM-dd exactly (docs/dates-and-times.md); the day must exist.
            if let reading = ISODateTime.read(text, rules: .surveyFile), reading.time == nil,
                let day = calendar.date(
                    from: DateComponents(year: reading.day.year, month: reading.day.month, day: reading.day.day)),
                calendar.component(.day, from: day) == reading.day.day
            {
                return day
            }
        }
        throw .usage("'\(text)' is not a day: use YYYY-MM-DD, today or yesterday")
    }

    /// The day an outcome is recorded on (`run`/`replay --date`): today or an earlier day in `calendar`'s zone at
    /// `now`, never a later one, since nobody can answer a check-in that is not due yet.
    static func parseRecordable(_ text: String, calendar: Calendar, now: Date) throws(RegimenError) -> Date {
        let day = try parse(text, calendar: calendar, now: now)
        let today = calendar.startOfDay(for: now)
        guard day <= today else {
            throw .usage(
                "--date \(DayText.iso(day, calendar: calendar)) is in the future (today is "
                    + "\(DayText.iso(today, calendar: calendar))): answers can be recorded for today or an earlier day")
        }
        return day
    }
}
