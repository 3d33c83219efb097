import Foundation
import RegimenFoundation

/// Reads and writes the ISO-like date and time texts used at the terminal ("2026-11-21", "2026-11-21 08:30",
/// "08:30") in the context's time zone. The Gregorian calendar is used whatever the context's calendar is,
/// since the text format is ISO 8601's.
struct CalendarText {
    /// Gregorian calendar in the context's time zone.
    let calendar: Calendar

    /// A reader/writer for the context's time zone.
    init(context: AnswerParsingContext) {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = context.calendar.timeZone
        calendar = gregorian
    }

    /// Start of the day written "YYYY-MM-DD" (month and day may have one digit); nil when not a real day.
    func day(from text: String) -> Date? {
        guard let reading = ISODateTime.read(text, rules: .typed), reading.time == nil else { return nil }
        return dateTime(reading.day, time: TimeOfDay(hour: 0, minute: 0))
    }

    /// The instant written "YYYY-MM-DD HH:mm" or "YYYY-MM-DDTHH:mm" (month, day and hour may have one digit);
    /// nil when not a real day and time.
    func dateTime(from text: String) -> Date? {
        guard let reading = ISODateTime.read(text, rules: .typed), let time = reading.time else { return nil }
        return dateTime(reading.day, time: TimeOfDay(hour: time.hour, minute: time.minute))
    }

    /// The instant of `time` on `civil` in the context's time zone; nil when it does not exist there.
    func dateTime(_ civil: CivilDate, time: TimeOfDay) -> Date? {
        let (year, month, day) = (civil.year, civil.month, civil.day)
        let wanted = DateComponents(year: year, month: month, day: day, hour: time.hour, minute: time.minute)
        guard let date = calendar.date(from: wanted) else { return nil }
        // Round trip rejects 2026-02-30 and times skipped by a daylight-saving change.
        let found = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        guard found.year == year, found.month == month, found.day == day, found.hour == time.hour,
            found.minute == time.minute
        else { return nil }
        return date
    }

    /// Start of the day containing `date`.
    func startOfDay(_ date: Date) -> Date { calendar.startOfDay(for: date) }

    /// "2026-11-21".
    func dayText(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CivilDate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0).text
    }

    /// "2026-11-21 08:30".
    func dateTimeText(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return dayText(date) + " " + TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0).clockText
    }
}

extension TimeOfDay {
    /// "08:30".
    var clockText: String { ClockTime(hour: hour, minute: minute).text }

    /// Reads 24-hour "H:mm" or "HH:mm" as typed (docs/dates-and-times.md, "Times of day"); nil otherwise.
    init?(clockText text: some StringProtocol) {
        guard let time = ClockTime(text, hours: .oneOrTwoDigits) else { return nil }
        self.init(hour: time.hour, minute: time.minute)
    }
}
