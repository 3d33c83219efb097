public import Foundation

extension Schedule {
    /// CareKit's `dailyAtTime` (docs/schedules.md, "Daily and weekly at a time"): every day at hh:mm:00 from the same
    /// calendar day as `start` (even if that is earlier than `start`), until `end` (exclusive).
    public static func dailyAtTime(
        hour: Int, minute: Int, start: Date, end: Date?, text: String?, duration: ScheduleDuration = .hours(1),
        targetValues: [OutcomeValue] = [], calendar: Calendar
    ) throws(ScheduleError) -> Schedule {
        let first = try time(hour: hour, minute: minute, onDayOf: start, calendar: calendar)
        let element = try ScheduleElement(
            start: first, end: end, interval: .daily, duration: duration, text: text, targetValues: targetValues,
            calendar: calendar)
        return try Schedule(composing: [element])
    }

    /// CareKit's `weeklyAtTime` (docs/schedules.md, "Daily and weekly at a time"): every week at hh:mm:00 from the
    /// first day on or after `start` with `weekday` (1 = Sunday) — the same day if `start` already has that weekday,
    /// even if the time has passed.
    package static func weeklyAtTime(
        weekday: Int, hour: Int, minute: Int, start: Date, end: Date?, text: String?,
        duration: ScheduleDuration = .hours(1), targetValues: [OutcomeValue] = [], calendar: Calendar
    ) throws(ScheduleError) -> Schedule {
        guard (1...7).contains(weekday) else { throw .invalidTimeOfDay(field: "weekday", value: weekday) }
        let startDay = calendar.startOfDay(for: start)
        let startWeekday = calendar.component(.weekday, from: startDay)
        let days = (weekday - startWeekday + 7) % 7
        let day = calendar.date(byAdding: .day, value: days, to: startDay) ?? startDay
        let first = try time(hour: hour, minute: minute, onDayOf: day, calendar: calendar)
        let element = try ScheduleElement(
            start: first, end: end, interval: .weekly, duration: duration, text: text, targetValues: targetValues,
            calendar: calendar)
        return try Schedule(composing: [element])
    }

    private static func time(hour: Int, minute: Int, onDayOf day: Date, calendar: Calendar) throws(ScheduleError)
        -> Date
    {
        guard (0...23).contains(hour) else { throw .invalidTimeOfDay(field: "hour", value: hour) }
        guard (0...59).contains(minute) else { throw .invalidTimeOfDay(field: "minute", value: minute) }
        guard let date = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) else {
            throw .invalidTimeOfDay(field: "hour", value: hour)
        }
        return date
    }
}
