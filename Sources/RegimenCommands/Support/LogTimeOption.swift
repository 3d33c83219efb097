import Foundation
import ResearchTasks

/// `regimen log --at TIME`: when a log happened, read as a date-and-time answer is read ("2026-11-29 14:30", the
/// participant's own date order, docs/dates-and-times.md) or as a time of today ("14:30", "2:30 pm"); never later
/// than now.
enum LogTimeOption {
    /// The instant `text` names (now when nil), in `calendar`'s zone; a usage error when it names none or a later one.
    static func parse(_ text: String?, calendar: Calendar, now: Date, locale: Locale?) throws(RegimenError) -> Date {
        guard let text else { return now }
        let context = AnswerParsingContext(calendar: calendar, now: now, locale: locale)
        let instant: Date?
        switch AnswerFormat.date(DateFormat(style: .dateAndTime)).parse(text, context: context) {
        case .success(.date(let date)): instant = date
        default:
            if case .success(.timeOfDay(let time)) = AnswerFormat.timeOfDay(TimeOfDayFormat()).parse(
                text, context: context)
            {
                instant = calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: now)
            } else {
                instant = nil
            }
        }
        guard let instant else {
            throw .usage(
                "--at '\(text)' is not a time: use YYYY-MM-DD HH:mm, or HH:mm for today (docs/dates-and-times.md)")
        }
        guard instant <= now else {
            throw .usage(
                "--at \(DayText.iso(instant, calendar: calendar)) \(DayText.time(instant, calendar: calendar)) is in "
                    + "the future: a log can be recorded for now or an earlier time")
        }
        return instant
    }
}
