import Foundation
import ResearchTasks

/// An inclusive range of days typed as --from/--to, as the half-open instant range [from 00:00, day after to 00:00).
struct DayRange {
    let start: Date
    let end: Date

    static func parse(from: String?, to: String?, defaultDays: Int?, environment: RegimenEnvironment)
        throws(RegimenError) -> DayRange?
    {
        let calendar = environment.calendar
        let now = environment.clock.now()
        guard from != nil || to != nil || defaultDays != nil else { return nil }
        let first = try from.map { text throws(RegimenError) in try DayOption.parse(text, calendar: calendar, now: now)
        }
        let last = try to.map { text throws(RegimenError) in try DayOption.parse(text, calendar: calendar, now: now) }
        let start =
            first ?? last.flatMap { calendar.date(byAdding: .day, value: -((defaultDays ?? 1) - 1), to: $0) }
            ?? calendar.startOfDay(for: now)
        let lastDay = last ?? calendar.date(byAdding: .day, value: (defaultDays ?? 1) - 1, to: start) ?? start
        guard lastDay >= start else { throw .usage("--to must not be before --from") }
        guard let end = calendar.date(byAdding: .day, value: 1, to: lastDay) else {
            throw .usage("--to is out of range")
        }
        return DayRange(start: start, end: end)
    }
}
