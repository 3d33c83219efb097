package import Foundation

/// One row of `regimen health summary`: a date's merged steps and the sleep of the night that began on its evening
/// (docs/health-export.md, "`regimen health summary`"). Nil = no data of that kind for that day or night.
package struct HealthDaySummary: Sendable, Hashable {
    /// The date (home zone).
    package var date: HealthCalendarDay
    /// Merged steps of the day.
    package var steps: Double?
    /// The night beginning on this date's evening.
    package var night: HealthSleepNight

    /// Creates a row.
    package init(date: HealthCalendarDay, steps: Double?, night: HealthSleepNight) {
        self.date = date
        self.steps = steps
        self.night = night
    }

    /// The CSV header, exactly.
    package static let csvHeader = "date,steps,asleep_h,in_bed_h,awake_h,core_h,deep_h,rem_h"

    /// The row's cells in header order: the date, steps to 2 decimals, hours to 3, empty where nil.
    package var cells: [String] {
        let hours = [night.asleep, night.inBed, night.awake, night.core, night.deep, night.rem]
        return [date.description, steps.map { HealthNumberText.text($0, decimals: 2) } ?? ""]
            + hours.map { $0.map(HealthNumberText.hours(seconds:)) ?? "" }
    }

    /// The CSV line (no cell needs quoting).
    package var csvLine: String { cells.joined(separator: ",") }

    /// The rows from `first` through `last` (each defaulting to the first / last date with steps or a night), from
    /// the step and sleep spans among `spans`; days are dates of `calendar`'s zone (the home zone). Empty when there
    /// is no data and no range is given.
    package static func rows(
        spans: some Collection<HealthSpan>, calendar: Calendar, from first: HealthCalendarDay? = nil,
        through last: HealthCalendarDay? = nil
    ) -> [HealthDaySummary] {
        let steps = HealthQuantityTimeline(spans: spans.lazy.filter { $0.type == HealthSpan.stepType })
        let sleep = HealthSleepNights(
            spans: spans.lazy.filter { $0.type == HealthSpan.sleepType }, home: calendar.timeZone)
        return rows(steps: steps, sleep: sleep, calendar: calendar, from: first, through: last)
    }

    /// The rows from an already merged step timeline and sleep nights.
    package static func rows(
        steps: HealthQuantityTimeline, sleep: HealthSleepNights, calendar: Calendar,
        from first: HealthCalendarDay? = nil,
        through last: HealthCalendarDay? = nil
    ) -> [HealthDaySummary] {
        var dataDays = Array(sleep.nights.keys)
        if let extent = steps.extent {
            dataDays.append(HealthDayBoundaries.day(of: extent.first, in: calendar.timeZone))
            dataDays.append(HealthDayBoundaries.day(of: extent.last, in: calendar.timeZone))
        }
        guard let from = first ?? dataDays.min(), let through = last ?? dataDays.max(), from <= through else {
            return []
        }
        let days = HealthDayBoundaries(calendar: calendar, from: from, through: through)
        return (0..<days.count).map { index in
            let window = days.window(at: index)
            let date = days.day(at: index)
            return HealthDaySummary(
                date: date, steps: steps.total(from: window.start, to: window.end),
                night: sleep.nights[date] ?? HealthSleepNight())
        }
    }
}
