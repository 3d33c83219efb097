import Foundation

/// The days `regimen insights` charts: whole days in the participant's calendar, ending on the last one shown
/// (docs/insights.md, "Which days").
struct InsightWindow: Sendable, Hashable {
    /// The start of the first day.
    let firstDay: Date
    /// How many days, at least one.
    let dayCount: Int
    /// The calendar (and so time zone) the days are in.
    let calendar: Calendar

    /// The `dayCount` days ending on (and including) the day starting at `lastDay`.
    init(ending lastDay: Date, dayCount: Int, calendar: Calendar) {
        let count = max(dayCount, 1)
        self.firstDay = calendar.date(byAdding: .day, value: -(count - 1), to: lastDay) ?? lastDay
        self.dayCount = count
        self.calendar = calendar
    }

    /// The days from `firstDay` to `lastDay` (starts of days), both included; nil when `lastDay` is earlier.
    init?(from firstDay: Date, through lastDay: Date, calendar: Calendar) {
        guard let days = calendar.dateComponents([.day], from: firstDay, to: lastDay).day, days >= 0 else { return nil }
        self.init(ending: lastDay, dayCount: days + 1, calendar: calendar)
    }

    /// The start of day number `index` (0 is the first day).
    func day(_ index: Int) -> Date {
        calendar.date(byAdding: .day, value: index, to: firstDay) ?? firstDay
    }

    /// The start of the day after the last: the window is [firstDay, end).
    var end: Date { day(dayCount) }

    /// The number of the day holding `instant`, or nil when it is outside the window.
    func dayIndex(of instant: Date) -> Int? {
        guard let index = calendar.dateComponents([.day], from: firstDay, to: calendar.startOfDay(for: instant)).day,
            (0..<dayCount).contains(index)
        else { return nil }
        return index
    }
}
