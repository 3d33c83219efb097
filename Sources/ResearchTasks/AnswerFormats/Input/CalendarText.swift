import Foundation

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
        dateTime(day: text, time: TimeOfDay(hour: 0, minute: 0))
    }

    /// The instant of `time` on the day written "YYYY-MM-DD"; nil when either does not exist.
    func dateTime(day text: String, time: TimeOfDay) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              let year = DigitText.value(parts[0]), let month = DigitText.value(parts[1]),
              let day = DigitText.value(parts[2])
        else { return nil }
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
        let year = DigitText.padded(parts.year ?? 0, width: 4)
        return "\(year)-\(DigitText.padded(parts.month ?? 0, width: 2))-\(DigitText.padded(parts.day ?? 0, width: 2))"
    }

    /// "2026-11-21 08:30".
    func dateTimeText(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return dayText(date) + " " + TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0).clockText
    }
}

extension TimeOfDay {
    /// "08:30".
    var clockText: String { "\(DigitText.padded(hour, width: 2)):\(DigitText.padded(minute, width: 2))" }

    /// Reads 24-hour "H:mm" or "HH:mm"; nil otherwise.
    init?(clockText text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hour = DigitText.value(parts[0]), let minute = DigitText.value(parts[1]),
              (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        self.init(hour: hour, minute: minute)
    }
}
