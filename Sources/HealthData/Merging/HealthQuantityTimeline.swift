/// One cumulative quantity type (steps, distance, energy) merged across sources: each sample's value spread evenly
/// over [start, end), at every moment only the strongest source covering it counted — never a plain sum of iPhone
/// and Watch (docs/health-export.md, "Days and nights", "Source priority"). Built by one sort and one sweep; totals
/// over any window are then read from the merged pieces.
package struct HealthQuantityTimeline: Sendable {
    /// The merged pieces: disjoint, in time order, each [start, end) with positive length and the value it carries.
    private var pieceStarts: [Int64] = []
    private var pieceEnds: [Int64] = []
    private var pieceValues: [Double] = []
    /// Instant samples (start = end) that counted, in time order.
    private var pointTimes: [Int64] = []
    private var pointValues: [Double] = []

    /// Merges the spans that carry a value (spans of one type; spans without a value or ending before they start are
    /// left out). Where one source has several samples covering a moment, all of them count (their rates add).
    package init(spans: some Collection<HealthSpan>) {
        var ranker = HealthSourcePriority.Ranker()
        var intervals: [Interval] = []
        var points: [Point] = []
        for span in spans {
            guard let value = span.value, span.end >= span.start else { continue }
            let source = ranker.id(of: span.priority)
            if span.end == span.start {
                points.append(Point(time: span.start, rank: source, value: value))
            } else {
                intervals.append(
                    Interval(
                        start: span.start, end: span.end, rank: source, rate: value / Double(span.end - span.start)))
            }
        }
        // Source ids in first-seen order become ranks (0 = strongest) once every source is known.
        let ranks = ranker.ranks()
        for index in intervals.indices { intervals[index].rank = ranks[intervals[index].rank] }
        for index in points.indices { points[index].rank = ranks[points[index].rank] }
        intervals.sort { $0.start < $1.start }
        points.sort { $0.time < $1.time }
        sweep(intervals: intervals, points: points)
    }

    private struct Interval {
        var start: Int64
        var end: Int64
        var rank: Int
        var rate: Double
    }

    private struct Point {
        var time: Int64
        var rank: Int
        var value: Double
    }

    /// One pass over the start, end and instant events in time order, keeping the few samples covering the current
    /// moment (their ends are found by scanning them, so only the starts need sorting).
    private mutating func sweep(intervals: [Interval], points: [Point]) {
        pieceStarts.reserveCapacity(intervals.count * 2)
        pieceEnds.reserveCapacity(intervals.count * 2)
        pieceValues.reserveCapacity(intervals.count * 2)
        var active: [Int] = []
        var nextStart = 0
        var nextPoint = 0
        var time = Int64.min
        while nextStart < intervals.count || !active.isEmpty || nextPoint < points.count {
            var next = Int64.max
            var best = Int.max
            for index in active {
                next = min(next, intervals[index].end)
                best = min(best, intervals[index].rank)
            }
            if nextStart < intervals.count { next = min(next, intervals[nextStart].start) }
            if nextPoint < points.count { next = min(next, points[nextPoint].time) }
            if best != Int.max && next > time {
                // The strongest source covering [time, next) counts, with all of its samples there.
                var rate = 0.0
                for index in active where intervals[index].rank == best { rate += intervals[index].rate }
                pieceStarts.append(time)
                pieceEnds.append(next)
                pieceValues.append(rate * Double(next - time))
            }
            active.removeAll { intervals[$0].end <= next }
            while nextStart < intervals.count && intervals[nextStart].start == next {
                active.append(nextStart)
                nextStart += 1
            }
            if nextPoint < points.count && points[nextPoint].time == next {
                // An instant sample counts when no stronger source covers its instant (with a sample or an instant).
                var coveringBest = Int.max
                for index in active where intervals[index].rank < coveringBest { coveringBest = intervals[index].rank }
                var first = nextPoint
                var pointBest = Int.max
                while nextPoint < points.count && points[nextPoint].time == next {
                    pointBest = min(pointBest, points[nextPoint].rank)
                    nextPoint += 1
                }
                if pointBest <= coveringBest {
                    var value = 0.0
                    while first < nextPoint {
                        if points[first].rank == pointBest { value += points[first].value }
                        first += 1
                    }
                    pointTimes.append(next)
                    pointValues.append(value)
                }
            }
            time = next
        }
    }

    /// The merged total over [start, end), each piece counted in proportion to its time inside the window; nil when
    /// no sample covers any moment of the window (a window with samples of value 0 gives 0).
    package func total(from start: Int64, to end: Int64) -> Double? {
        guard end > start else { return nil }
        var found = false
        var total = 0.0
        var index = Self.firstIndex(in: pieceEnds) { $0 > start }
        while index < pieceStarts.count && pieceStarts[index] < end {
            let pieceStart = pieceStarts[index]
            let pieceEnd = pieceEnds[index]
            let inside = min(pieceEnd, end) - max(pieceStart, start)
            total +=
                inside == pieceEnd - pieceStart
                ? pieceValues[index] : pieceValues[index] * Double(inside) / Double(pieceEnd - pieceStart)
            found = true
            index += 1
        }
        var point = Self.firstIndex(in: pointTimes) { $0 >= start }
        while point < pointTimes.count && pointTimes[point] < end {
            total += pointValues[point]
            found = true
            point += 1
        }
        return found ? total : nil
    }

    /// The first and last instant with data: the earliest piece start or instant, and the latest moment covered
    /// (a piece's end minus one second, or an instant); nil when nothing counted.
    package var extent: (first: Int64, last: Int64)? {
        let firsts = [pieceStarts.first, pointTimes.first].compactMap { $0 }
        let lasts = [pieceEnds.last.map { $0 - 1 }, pointTimes.last].compactMap { $0 }
        guard let first = firsts.min(), let last = lasts.max() else { return nil }
        return (first, last)
    }

    /// The number of merged pieces (for tests and measurements).
    package var pieceCount: Int { pieceStarts.count }

    /// Binary search: the first index whose element satisfies `predicate` (which must be monotone: false…true).
    static func firstIndex(in sorted: [Int64], where predicate: (Int64) -> Bool) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(sorted[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
