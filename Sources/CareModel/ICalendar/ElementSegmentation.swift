import Foundation
import RegimenFoundation

/// Splits one schedule element's events within a task version's window into segments that iCalendar expresses
/// exactly (docs/icalendar.md, "When an RRULE is exact"): an RRULE wherever RFC 5545's starts equal CareKit's
/// cumulative steps, checked start by start, and listed starts (RDATE) elsewhere.
struct ElementSegmentation {
    /// Runs an RRULE must cover before it is worth a VEVENT of its own rather than listed starts.
    static let shortestRule = 3
    /// How far an RRULE of a never-ending element is checked: this many years…
    static let checkedYears = 30.0
    /// …or this many starts, whichever comes first.
    static let checkedStarts = 20_000

    let element: ScheduleElement

    private var zone: TimeZone { element.calendar.timeZone }

    /// The segments of the events that start before `upper` (nil: no limit) and end at or after `lower` — the
    /// window a task version contributes (docs/schedules.md, "Numbering and versions") — dropping a fixed-duration
    /// element that ended at or before `lower` (rule 3 of docs/schedules.md, "The event query for [A, B)"; an all-day
    /// element keeps its last day's event). A never-ending element with no exact RRULE is listed up to `horizon`.
    func segments(from lower: Date, before upper: Date?, horizon: Date) -> [CalendarSegment] {
        if element.droppedByQuery(startingAt: lower) { return [] }
        let limit = [element.end, upper].compactMap { $0 }.min()
        var start: Date? = element.start
        while let current = start, element.eventEnd(forStart: current) < lower {
            start = element.nextStart(after: current)
        }
        let rule = RecurrenceRule(element)
        var segments: [CalendarSegment] = []
        var listed: [Date] = []
        func flushListed(horizon: Date?) {
            guard let first = listed.first else { return }
            let local = listed.allSatisfy {
                keepsLocalForm($0)
                    && (element.duration == .allDay || WallClockResolution.isNamedByLocalTime($0, zone: zone))
            }
            segments.append(
                CalendarSegment(
                    first: first, pattern: .dates(Array(listed.dropFirst())), horizon: horizon, inUTC: !local))
            listed = []
        }
        while let current = start, limit.map({ current < $0 }) ?? true {
            if limit == nil, current >= horizon {
                // The last VEVENT says where the listing stopped, whichever form it has.
                flushListed(horizon: horizon)
                if let last = segments.popLast() {
                    segments.append(
                        CalendarSegment(first: last.first, pattern: last.pattern, horizon: horizon, inUTC: last.inUTC))
                }
                return segments
            }
            if let rule {
                let run = matchingRun(of: rule, from: current, limit: limit)
                if run.isComplete || run.count >= Self.shortestRule {
                    flushListed(horizon: nil)
                    let lastStart: Date? = run.isComplete ? limit.map(Self.lastStart(before:)) : run.last
                    segments.append(
                        CalendarSegment(
                            first: current, pattern: .rule(rule, lastStart: lastStart), horizon: nil, inUTC: rule.inUTC)
                    )
                    guard !run.isComplete else { return segments }
                    start = run.next
                    continue
                }
            }
            if element.duration == .allDay, !keepsLocalForm(current) {
                // An all-day event whose DATE would misstate it stands alone, in UTC date-times.
                flushListed(horizon: nil)
                segments.append(CalendarSegment(first: current, pattern: .dates([]), horizon: nil, inUTC: true))
            } else {
                listed.append(current)
            }
            start = element.nextStart(after: current)
        }
        flushListed(horizon: nil)
        return segments
    }

    /// Whether the event starting at `start` is what its local form says (docs/icalendar.md, "Elements as events"):
    /// an all-day event ends one second before the next local day starts (not so for CareKit after a skipped
    /// midnight), a timed one has the same offset at its start and end (readers add a local DTEND's wall-clock span).
    func keepsLocalForm(_ start: Date) -> Bool {
        let end = element.eventEnd(forStart: start)
        guard element.duration == .allDay else {
            return zone.secondsFromGMT(for: start) == zone.secondsFromGMT(for: end)
        }
        let day = CivilDate.floorDivide(WallClockResolution.localSeconds(of: start, zone: zone), 86_400)
        let nextDay = WallClockResolution.instant(localSeconds: (day + 1) * 86_400, zone: zone)
        return WallClockResolution.wholeSecond(end) == nextDay.addingTimeInterval(-1)
    }

    /// The latest whole-second start before the exclusive `limit`: UNTIL, which is inclusive.
    static func lastStart(before limit: Date) -> Date {
        Date(timeIntervalSince1970: limit.timeIntervalSince1970.rounded(.up) - 1)
    }

    /// How many of CareKit's starts from `first` the rule gives exactly.
    private struct Run {
        /// Starts matched.
        var count = 0
        /// The last matched start.
        var last: Date?
        /// CareKit's start after the last matched one.
        var next: Date?
        /// Whether every start up to the limit (or, with none, the checked span) matched.
        var isComplete = false
    }

    private func matchingRun(of rule: RecurrenceRule, from first: Date, limit: Date?) -> Run {
        var run = Run()
        let checkedUntil = first.addingTimeInterval(Self.checkedYears * 365.25 * 86_400)
        var current: Date? = first
        guard rule.isAllDay || WallClockResolution.isNamedByLocalTime(first, zone: zone) || rule.inUTC else {
            return run
        }
        while let start = current {
            if let limit, start >= limit {
                run.isComplete = true
                break
            }
            if limit == nil, run.count >= Self.checkedStarts || start > checkedUntil {
                run.isComplete = true
                break
            }
            // Whole seconds: the file's date-times have no fractions (an enrollment instant may).
            guard
                rule.start(run.count, from: first, zone: zone).map(WallClockResolution.wholeSecond)
                    == WallClockResolution.wholeSecond(start),
                rule.inUTC || keepsLocalForm(start)
            else { break }
            run.count += 1
            run.last = start
            current = element.nextStart(after: start)
            run.next = current
        }
        if current == nil { run.isComplete = true }
        return run
    }
}
