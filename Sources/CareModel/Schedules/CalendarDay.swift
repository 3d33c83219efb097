package import Foundation

/// The day an instant falls on, [its start, the next day's start), exactly as `Calendar.startOfDay` and adding one day
/// give it — without the calendar's component arithmetic when the time zone's offset holds all day (the usual case;
/// `regimen ingest` asks once per file, and the calendar's way cost as much as decoding the file).
package enum CalendarDay {
    /// The day containing `date` in `calendar`'s time zone; nil when the calendar cannot represent the next day.
    package static func interval(containing date: Date, calendar: Calendar) -> DateInterval? {
        if calendar.identifier == .gregorian {
            let zone = calendar.timeZone
            let offset = zone.secondsFromGMT(for: date)
            let local = date.timeIntervalSinceReferenceDate + Double(offset)
            // The reference date is a midnight (UTC), so whole multiples of a day are local midnights at this offset.
            let start = Date(timeIntervalSinceReferenceDate: (local / 86_400).rounded(.down) * 86_400 - Double(offset))
            let end = start.addingTimeInterval(86_400)
            // Exact when the offset holds from just before `start` through `end`: then `start` is the day's first
            // instant and `end` the next day's (no transition at either end, nor between them).
            let steady =
                zone.secondsFromGMT(for: start) == offset
                && (zone.nextDaylightSavingTimeTransition(after: start.addingTimeInterval(-1)).map { $0 > end } ?? true)
            if steady { return DateInterval(start: start, end: end) }
        }
        let dayStart = calendar.startOfDay(for: date)
        guard let dayEnd = calendar.date(byAdding: .day, value: 1, to: dayStart) else { return nil }
        return DateInterval(start: dayStart, end: dayEnd)
    }
}
