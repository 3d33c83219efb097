import Foundation
import RegimenFoundation

/// The calendar jumps between unsafe offset changes, and cumulative stepping where no jump is exact
/// (see `ElementLocator`; docs/schedules.md, "One element").
extension ElementLocator {

    func anchor(index: Int, seconds: Double) -> Anchor {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        let wall = Int(seconds) + offset
        let wallDay = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
        return Anchor(
            index: index, seconds: seconds, wallDay: wallDay, wallTime: wall - wallDay * 86_400,
            civil: CivilDate(dayNumber: wallDay))
    }

    /// Local wall day of the event `steps` events after `anchor`.
    func wallDay(from anchor: Anchor, steps: Int) -> Int? {
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
    func resolve(wallSeconds: Double) -> Double {
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wallSeconds))
        let first = wallSeconds - Double(guess)
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: first))
        return offset == guess ? first : wallSeconds - Double(offset)
    }

    func jump(from anchor: Anchor, to index: Int) -> Double? {
        // The anchor itself is exact even when its wall time occurs twice (a start in the repeated hour).
        if index == anchor.index { return anchor.seconds }
        guard let day = wallDay(from: anchor, steps: index - anchor.index) else { return nil }
        return resolve(wallSeconds: Double(day) * 86_400 + Double(anchor.wallTime))
    }

    /// Scans the offset changes not yet checked for the last segment up to absolute time `bound` (+3 days), and
    /// records the first index after `anchor` whose wall time falls in a disturbed window in `lastSegmentLimit`.
    func scanForUnsafeIndex(after anchor: Anchor, through bound: Double) {
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
    func steps(from anchor: Anchor, before day: Int) -> Int {
        switch kind {
        case .days(let days): (day - anchor.wallDay - 1) / days
        case .months(let months): (CivilDate(dayNumber: day).monthNumber - anchor.civil.monthNumber - 1) / months
        default: 1
        }
    }

    /// Steps (> 0) from `anchor` to the event on local `day`, or nil when no event of this element falls on it.
    func steps(from anchor: Anchor, toWallDay day: Int) -> Int? {
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

    func calendarStart(ofIndex index: Int) -> Date? {
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

    enum Extension { case extended, ended, tail }

    /// Steps with the calendar across the unsafe index `limit` and appends a new anchor.
    func extendSegments(from last: Anchor, limit: Int) -> Extension {
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
    func tailStart(ofIndex index: Int) -> Date? {
        guard let base = tailStartIndex, index >= base else { return nil }
        let offset = index - base
        while tailStarts.count <= offset, !tailFinished {
            guard let last = tailStarts.last, element.isBeforeEnd(last), let next = element.nextStart(after: last)
            else {
                tailFinished = true
                break
            }
            tailStarts.append(next)
        }
        return offset < tailStarts.count ? tailStarts[offset] : nil
    }
}
