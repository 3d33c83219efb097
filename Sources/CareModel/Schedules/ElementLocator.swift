import Foundation
import RegimenFoundation

/// Finds the events of one element near a date without stepping from the element start, with exactly the results of
/// CareKit's cumulative stepping (`ScheduleElement.steppingStarts`).
///
/// Cumulative stepping by whole days/weeks (or by months from a day ≤ 28) keeps the local wall time of the previous
/// event as long as that wall time is neither skipped nor repeated by a time-zone offset change. Between such
/// "unsafe" changes the n-th start is therefore an exact jump: wall day + n·step at the same wall time. At each unsafe
/// change the locator takes one real calendar step and re-anchors on its result, so sticky DST shifts are reproduced.
/// Pure hour/minute/second intervals are absolute time (n·step seconds). Anything else (mixed components, other
/// calendars, fractional-second starts, days ≥ 29 for months, dates outside 1900–2200) falls back to stepping.
final class ElementLocator {
    enum Kind {
        case absolute(seconds: Double)
        case days(Int)
        case months(Int)
        case stepping
    }

    /// A known exact event: its index, absolute seconds and local wall position.
    struct Anchor {
        var index: Int
        var seconds: Double
        var wallDay: Int
        var wallTime: Int
        var civil: CivilDate
    }

    let element: ScheduleElement
    let kind: Kind
    let zone: TimeZone
    var transitions = TimeZoneTransitions(changes: [], coverageStart: 0, coverageEnd: -1)
    /// Anchors in index order; `segments[k]` is exact for indices up to the next unsafe index.
    var segments: [Anchor] = []
    /// The first index not covered by the last segment (nil = unknown yet), or `Int.max` when unbounded.
    var lastSegmentLimit: Int?
    /// Offset changes before this absolute time were checked for the last segment.
    var scannedThrough = -Double.infinity
    /// Where the scan of offset changes continues for the last segment.
    var scanPosition: Int?
    /// Starts computed by real calendar steps between a segment's limit and the next anchor.
    var exactStepped: [Int: Date] = [:]
    /// First index served by plain cumulative stepping (0 for stepping elements), with its lazily filled starts.
    var tailStartIndex: Int?
    var tailStarts: [Date] = []
    var tailFinished = false

    /// Prepares a locator for `element`.
    init(_ element: ScheduleElement) {
        self.element = element
        self.zone = element.calendar.timeZone
        let start = element.start.timeIntervalSince1970
        let interval = element.interval
        let wholeSecond = start.rounded(.down) == start
        let gregorian = element.calendar.identifier == .gregorian
        let calendarUnits = interval.day + interval.weekOfYear + interval.month + interval.year
        let clockUnits = interval.hour + interval.minute + interval.second
        if !wholeSecond || !gregorian {
            kind = .stepping
        } else if calendarUnits == 0, element.duration != .allDay {
            kind = .absolute(seconds: Double(interval.hour * 3600 + interval.minute * 60 + interval.second))
        } else if clockUnits == 0, interval.month == 0, interval.year == 0 {
            kind = .days(interval.day + 7 * interval.weekOfYear)
        } else if clockUnits == 0, interval.day == 0, interval.weekOfYear == 0 {
            kind = .months(interval.month + 12 * interval.year)
        } else {
            kind = .stepping
        }
        switch kind {
        case .days, .months:
            let first = anchor(index: 0, seconds: start)
            transitions = TimeZoneTransitions.of(zone)
            let covered = start >= transitions.coverageStart && start < transitions.coverageEnd
            let allDayOK = element.duration != .allDay || first.wallTime == 0
            if case .months = kind, first.civil.day > 28 {
                kindOverride = true
            } else if !covered || !allDayOK {
                kindOverride = true
            }
            segments = [first]
        default:
            break
        }
        if case .stepping = effectiveKind {
            tailStartIndex = 0
            tailStarts = [element.start]
        }
    }

    /// Set when a calendar-kind element must step after all.
    var kindOverride = false

    var effectiveKind: Kind { kindOverride ? .stepping : kind }

    // MARK: Public queries

    /// The start of event `index`, or nil when the element has no such event.
    func start(ofIndex index: Int) -> Date? {
        guard index >= 0 else { return nil }
        let date: Date?
        switch effectiveKind {
        case .absolute(let step):
            let (product, overflow) = index.multipliedReportingOverflow(by: Int(step))
            date = overflow ? nil : element.start.addingTimeInterval(Double(product))
        case .days, .months:
            date = calendarStart(ofIndex: index)
        case .stepping:
            date = tailStart(ofIndex: index)
        }
        guard let date, element.isBeforeEnd(date) else { return nil }
        return date
    }

    /// The end of the event that starts at `eventStart`, as `ScheduleElement.eventEnd` computes it — without the
    /// calendar for an all-day event of a Gregorian element whose zone's offset does not change from its start through
    /// the same instant a day later: its next day then starts exactly 86,400 s later, so it ends 86,399 s after its
    /// start.
    func eventEnd(forStart eventStart: Date) -> Date {
        if element.duration == .allDay, element.calendar.identifier == .gregorian {
            let start = eventStart.timeIntervalSince1970
            if start >= transitions.coverageStart, start + 86_400 < transitions.coverageEnd {
                let next = transitions.firstIndex(atOrAfter: start)
                if next == transitions.changes.count || transitions.changes[next].instant > start + 86_400 {
                    return eventStart.addingTimeInterval(86_399)
                }
            }
        }
        return element.eventEnd(forStart: eventStart)
    }

    /// The number of events whose start is before `date` (= index of the first start ≥ `date`).
    func count(startingBefore date: Date) -> Int {
        if let end = element.end, date > end { return count(startingBefore: end) }
        guard date > element.start else { return 0 }
        var index = estimate(firstIndexAtOrAfter: date)
        while index > 0, let previous = start(ofIndex: index - 1), previous >= date { index -= 1 }
        while let current = start(ofIndex: index), current < date { index += 1 }
        return index
    }

    /// The number of events whose start is at or before `date`.
    func count(startingAtOrBefore date: Date) -> Int {
        let before = count(startingBefore: date)
        return start(ofIndex: before) == date ? before + 1 : before
    }

    // MARK: Estimation

    func estimate(firstIndexAtOrAfter date: Date) -> Int {
        let elapsed = date.timeIntervalSince(element.start)
        switch effectiveKind {
        case .absolute(let step):
            return clampedIndex((elapsed / step).rounded(.up))
        case .days(let days):
            return clampedIndex((elapsed / (Double(days) * 86_400)).rounded(.up))
        case .months(let months):
            return clampedIndex((elapsed / (Double(months) * 2_629_746)).rounded(.up))
        case .stepping:
            return 0
        }
    }

    func clampedIndex(_ value: Double) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        return value > 1e12 ? 1_000_000_000_000 : Int(value)
    }
}
