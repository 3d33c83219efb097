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
    private enum Kind {
        case absolute(seconds: Double)
        case days(Int)
        case months(Int)
        case stepping
    }

    /// A known exact event: its index, absolute seconds and local wall position.
    private struct Anchor {
        var index: Int
        var seconds: Double
        var wallDay: Int
        var wallTime: Int
        var civil: CivilDate
    }

    private let element: ScheduleElement
    private let kind: Kind
    private let zone: TimeZone
    private var transitions = TimeZoneTransitions(changes: [], coverageStart: 0, coverageEnd: -1)
    /// Anchors in index order; `segments[k]` is exact for indices up to the next unsafe index.
    private var segments: [Anchor] = []
    /// The first index not covered by the last segment (nil = unknown yet), or `Int.max` when unbounded.
    private var lastSegmentLimit: Int?
    /// Offset changes before this absolute time were checked for the last segment.
    private var scannedThrough = -Double.infinity
    /// Where the scan of offset changes continues for the last segment.
    private var scanPosition: Int?
    /// Starts computed by real calendar steps between a segment's limit and the next anchor.
    private var exactStepped: [Int: Date] = [:]
    /// First index served by plain cumulative stepping (0 for stepping elements), with its lazily filled starts.
    private var tailStartIndex: Int?
    private var tailStarts: [Date] = []
    private var tailFinished = false

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
    private var kindOverride = false

    private var effectiveKind: Kind { kindOverride ? .stepping : kind }

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

    private func estimate(firstIndexAtOrAfter date: Date) -> Int {
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

    private func clampedIndex(_ value: Double) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        return value > 1e12 ? 1_000_000_000_000 : Int(value)
    }

    // MARK: Calendar jumps

    private func anchor(index: Int, seconds: Double) -> Anchor {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        let wall = Int(seconds) + offset
        let wallDay = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
        return Anchor(
            index: index, seconds: seconds, wallDay: wallDay, wallTime: wall - wallDay * 86_400,
            civil: CivilDate(dayNumber: wallDay))
    }

    /// Local wall day of the event `steps` events after `anchor`.
    private func wallDay(from anchor: Anchor, steps: Int) -> Int? {
        switch kind {
        case .days(let days):
            let (product, overflow) = steps.multipliedReportingOverflow(by: days)
            return overflow || abs(product) > 40_000_000 ? nil : anchor.wallDay + product
        case .months(let months):
            let (product, overflow) = steps.multipliedReportingOverflow(by: months)
            return overflow || abs(product) > 1_000_000 ? nil : anchor.civil.addingMonths(product).dayNumber
        default:
            return nil
        }
    }

    /// The absolute instant of a local wall second that is known to be neither skipped nor repeated.
    private func resolve(wallSeconds: Double) -> Double {
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wallSeconds))
        let first = wallSeconds - Double(guess)
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: first))
        return offset == guess ? first : wallSeconds - Double(offset)
    }

    private func jump(from anchor: Anchor, to index: Int) -> Double? {
        // The anchor itself is exact even when its wall time occurs twice (a start in the repeated hour).
        if index == anchor.index { return anchor.seconds }
        guard let day = wallDay(from: anchor, steps: index - anchor.index) else { return nil }
        return resolve(wallSeconds: Double(day) * 86_400 + Double(anchor.wallTime))
    }

    /// Scans the offset changes not yet checked for the last segment up to absolute time `bound` (+3 days), and
    /// records the first index after `anchor` whose wall time falls in a disturbed window in `lastSegmentLimit`.
    private func scanForUnsafeIndex(after anchor: Anchor, through bound: Double) {
        guard lastSegmentLimit == nil, bound + 3 * 86_400 > scannedThrough else { return }
        let target = bound + 3 * 86_400
        if scanPosition == nil { scanPosition = transitions.firstIndex(atOrAfter: anchor.seconds - 3 * 86_400) }
        var position = scanPosition ?? 0
        defer {
            scanPosition = position
            scannedThrough = target
        }
        while position < transitions.changes.count, transitions.changes[position].instant <= target {
            let change = transitions.changes[position]
            position += 1
            let lowDay = Int((change.wallLow / 86_400).rounded(.down))
            let highDay = Int(((change.wallHigh - 1) / 86_400).rounded(.down))
            if change.wallHigh - change.wallLow >= 3 * 3600, change.instant > anchor.seconds {
                // A shift of hours or a whole day (Samoa skipped 2011-12-30): the calendar's day arithmetic across it
                // is not "same wall time n days later", so re-anchor by real steps from the last event before it.
                lastSegmentLimit = anchor.index + max(1, steps(from: anchor, before: lowDay))
                return
            }
            for day in lowDay...max(lowDay, highDay) {
                let wall = Double(day) * 86_400 + Double(anchor.wallTime)
                guard wall >= change.wallLow, wall < change.wallHigh, let steps = steps(from: anchor, toWallDay: day)
                else { continue }
                lastSegmentLimit = anchor.index + steps
                return
            }
        }
    }

    /// Whole steps from `anchor` that stay before local `day` (may be ≤ 0).
    private func steps(from anchor: Anchor, before day: Int) -> Int {
        switch kind {
        case .days(let days): (day - anchor.wallDay - 1) / days
        case .months(let months): (CivilDate(dayNumber: day).monthNumber - anchor.civil.monthNumber - 1) / months
        default: 1
        }
    }

    /// Steps (> 0) from `anchor` to the event on local `day`, or nil when no event of this element falls on it.
    private func steps(from anchor: Anchor, toWallDay day: Int) -> Int? {
        switch kind {
        case .days(let days):
            let delta = day - anchor.wallDay
            return delta > 0 && delta % days == 0 ? delta / days : nil
        case .months(let months):
            let civil = CivilDate(dayNumber: day)
            let delta = civil.monthNumber - anchor.civil.monthNumber
            return civil.day == anchor.civil.day && delta > 0 && delta % months == 0 ? delta / months : nil
        default:
            return nil
        }
    }

    private func calendarStart(ofIndex index: Int) -> Date? {
        while true {
            if let date = exactStepped[index] { return date }
            if let tailIndex = tailStartIndex, index >= tailIndex { return tailStart(ofIndex: index) }
            guard let last = segments.last else { return nil }
            if let segment = segments.last(where: { $0.index <= index }), segment.index != last.index {
                // Indices between a segment's limit and the next anchor are all in `exactStepped`.
                return jump(from: segment, to: index).map { Date(timeIntervalSince1970: $0) }
            }
            guard index >= last.index else { return nil }
            if lastSegmentLimit == nil || index < lastSegmentLimit ?? 0 {
                guard let candidate = jump(from: last, to: index) else { return nil }
                scanForUnsafeIndex(after: last, through: candidate)
                if lastSegmentLimit == nil, candidate > transitions.coverageEnd - 40 * 86_400 {
                    // Beyond the known offset changes: step cumulatively from the last exact anchor instead.
                    tailStartIndex = last.index
                    tailStarts = [Date(timeIntervalSince1970: last.seconds)]
                    tailFinished = false
                    continue
                }
                if index < lastSegmentLimit ?? Int.max { return Date(timeIntervalSince1970: candidate) }
            }
            switch extendSegments(from: last, limit: lastSegmentLimit ?? index) {
            case .extended, .tail: continue
            // Steps that reached the element end may still have found this index (an all-day start that is not a
            // midnight, on a day whose midnight is skipped): only later indices are past the end.
            case .ended: return exactStepped[index]
            }
        }
    }

    private enum Extension { case extended, ended, tail }

    /// Steps with the calendar across the unsafe index `limit` and appends a new anchor.
    private func extendSegments(from last: Anchor, limit: Int) -> Extension {
        guard let before = jump(from: last, to: limit - 1) else { return .ended }
        var date = Date(timeIntervalSince1970: before)
        var index = limit - 1
        for _ in 0..<8 {
            guard let next = element.nextStart(after: date), element.isBeforeEnd(next) else { return .ended }
            date = next
            index += 1
            let candidate = anchor(index: index, seconds: date.timeIntervalSince1970)
            let seconds = date.timeIntervalSince1970
            let usable = seconds.rounded(.down) == seconds && seconds < transitions.coverageEnd - 40 * 86_400
            if case .months = kind, candidate.civil.day > 28 {
                break
            }
            if !usable { break }
            if element.duration == .allDay, candidate.wallTime != 0 {
                exactStepped[index] = date
                continue
            }
            segments.append(candidate)
            lastSegmentLimit = nil
            scanPosition = nil
            scannedThrough = -.infinity
            return .extended
        }
        tailStartIndex = index
        tailStarts = [date]
        return .tail
    }

    // MARK: Stepping

    /// Start of event `index` by cumulative stepping from the tail base (index ≥ `tailStartIndex`).
    private func tailStart(ofIndex index: Int) -> Date? {
        guard let base = tailStartIndex, index >= base else { return nil }
        let offset = index - base
        while tailStarts.count <= offset, !tailFinished {
            guard let last = tailStarts.last, element.isBeforeEnd(last), let next = element.nextStart(after: last) else {
                tailFinished = true
                break
            }
            tailStarts.append(next)
        }
        return offset < tailStarts.count ? tailStarts[offset] : nil
    }
}
