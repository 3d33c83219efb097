import Foundation
import RegimenFoundation

/// An RRULE (RFC 5545 §3.3.10, §3.8.5.3) that may stand for a schedule element's events (docs/icalendar.md, "When an
/// RRULE is exact"), and the starts RFC 5545 gives it, to be compared with CareKit's cumulative steps.
package struct RecurrenceRule: Sendable, Hashable {
    /// FREQ.
    package enum Frequency: String, Sendable, Hashable {
        case secondly = "SECONDLY"
        case minutely = "MINUTELY"
        case hourly = "HOURLY"
        case daily = "DAILY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"
    }

    /// FREQ.
    package let frequency: Frequency
    /// INTERVAL.
    package let interval: Int
    /// Whether the starts are dates (an all-day element).
    package let isAllDay: Bool
    /// Whether DTSTART is written in UTC: sub-day steps are elapsed time, which a UTC DTSTART expresses.
    package let inUTC: Bool

    /// The rule an element's interval can only be, if any: one unit kind (seconds to hours as elapsed seconds; days and
    /// weeks as days; months and years as months). Mixed kinds (a day and an hour) have none.
    init?(_ element: ScheduleElement) {
        let step = element.interval
        let clock = step.hour * 3600 + step.minute * 60 + step.second
        let days = step.day + 7 * step.weekOfYear
        let months = step.month + 12 * step.year
        isAllDay = element.duration == .allDay
        switch (clock > 0, days > 0, months > 0) {
        case (true, false, false) where !isAllDay:
            inUTC = true
            if clock % 3600 == 0 {
                (frequency, interval) = (.hourly, clock / 3600)
            } else if clock % 60 == 0 {
                (frequency, interval) = (.minutely, clock / 60)
            } else {
                (frequency, interval) = (.secondly, clock)
            }
        case (false, true, false):
            (frequency, interval, inUTC) = (.daily, days, false)
        case (false, false, true):
            (frequency, interval, inUTC) = (
                months % 12 == 0 ? .yearly : .monthly, months % 12 == 0 ? months / 12 : months, false
            )
        default:
            return nil
        }
    }

    /// The `index`-th start RFC 5545 gives this rule from DTSTART `first` in `zone`, or nil when that instance falls
    /// on a date that does not exist (February 30), which RFC 5545 skips and CareKit never does.
    func start(_ index: Int, from first: Date, zone: TimeZone) -> Date? {
        if inUTC {
            let unit = frequency == .hourly ? 3600.0 : frequency == .minutely ? 60.0 : 1.0
            return first.addingTimeInterval(Double(index * interval) * unit)
        }
        let local = WallClockResolution.localSeconds(of: first, zone: zone)
        let dayNumber = CivilDate.floorDivide(local, 86_400)
        let timeOfDay = isAllDay ? 0 : local - dayNumber * 86_400
        let day = CivilDate(dayNumber: dayNumber)
        let target: CivilDate
        switch frequency {
        case .daily: target = CivilDate(dayNumber: dayNumber + index * interval)
        case .monthly: target = day.addingMonths(index * interval)
        case .yearly: target = day.addingMonths(index * interval * 12)
        case .secondly, .minutely, .hourly: return nil
        }
        guard target.isValid else { return nil }
        return WallClockResolution.instant(localSeconds: target.dayNumber * 86_400 + timeOfDay, zone: zone)
    }

    /// The RRULE value: `FREQ=…;INTERVAL=…` and, when the starts are limited, `UNTIL` (the last start allowed,
    /// inclusive: a DATE for all-day rules, else UTC as RFC 5545 requires with a TZID or UTC DTSTART).
    func text(lastStart: Date?, zone: TimeZone) -> String {
        var text = "FREQ=\(frequency.rawValue)"
        if interval != 1 { text += ";INTERVAL=\(interval)" }
        if let lastStart {
            if isAllDay {
                let local = WallClockResolution.localSeconds(of: lastStart, zone: zone)
                text += ";UNTIL=" + ICalendarDateText.date(CivilDate(dayNumber: CivilDate.floorDivide(local, 86_400)))
            } else {
                text += ";UNTIL=" + ICalendarDateText.utc(lastStart)
            }
        }
        return text
    }
}
