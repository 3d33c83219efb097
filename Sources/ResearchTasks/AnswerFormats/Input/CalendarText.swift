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
              let year = Self.digits(parts[0]), let month = Self.digits(parts[1]), let day = Self.digits(parts[2])
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
        return "\(Self.pad(parts.year ?? 0, 4))-\(Self.pad(parts.month ?? 0, 2))-\(Self.pad(parts.day ?? 0, 2))"
    }

    /// "2026-11-21 08:30".
    func dateTimeText(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return dayText(date) + " " + TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0).clockText
    }

    /// A non-negative number written with ASCII digits only.
    static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// `value` with leading zeros to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value.magnitude)
        let padded = String(repeating: "0", count: max(width - text.count, 0)) + text
        return value < 0 ? "-" + padded : padded
    }
}

extension TimeOfDay {
    /// "08:30".
    var clockText: String { "\(CalendarText.pad(hour, 2)):\(CalendarText.pad(minute, 2))" }

    /// Reads 24-hour "H:mm" or "HH:mm"; nil otherwise.
    init?(clockText text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hour = CalendarText.digits(Substring(parts[0])), let minute = CalendarText.digits(Substring(parts[1])),
              (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        self.init(hour: hour, minute: minute)
    }
}
