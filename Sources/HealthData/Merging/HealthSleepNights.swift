package import Foundation

/// Sleep merged across sources and keyed by night (docs/health-export.md, "Days and nights"): two layers — in bed,
/// and the stages (asleep kinds and awake) — each merged by source priority; within the winning source, overlapping
/// stages resolved deep > REM > core > unspecified > awake; every piece counted in elapsed seconds for the night of
/// the sample it came from.
package struct HealthSleepNights: Sendable {
    /// The nights that have at least one merged piece.
    package private(set) var nights: [HealthCalendarDay: HealthSleepNight] = [:]

    /// Merges the sleep-analysis spans (other spans, spans without a sleep value and spans that do not end after they
    /// start are left out); nights of samples without a usable `HKTimeZone` are taken in `home`.
    package init(spans: some Collection<HealthSpan>, home: TimeZone) {
        let sleep = spans.filter { $0.sleep != nil && $0.end > $0.start }
        let ranks = HealthSourcePriority.ranks(of: sleep.map(\.priority))
        var keyer = HealthNightKey(home: home)
        var inBed: [Piece] = []
        var stages: [Piece] = []
        for span in sleep {
            guard let value = span.sleep, let rank = ranks[span.priority] else { continue }
            let night = keyer.night(start: span.start, timeZoneName: span.timeZoneName)
            let piece = Piece(
                start: span.start, end: span.end, rank: rank, stageRank: value.stageRank ?? 0, value: value,
                night: night)
            if value == .inBed { inBed.append(piece) } else { stages.append(piece) }
        }
        merge(inBed)
        merge(stages)
    }

    private struct Piece {
        var start: Int64
        var end: Int64
        var rank: Int
        var stageRank: Int
        var value: HealthSleepValue
        var night: HealthCalendarDay

        /// Which covering sample a moment goes to: the strongest source, then the stage order, then the earliest
        /// start, the earliest end and the earliest night (so the input order never matters).
        func beats(_ other: Piece) -> Bool {
            (rank, stageRank, start, end, night.ordinal)
                < (other.rank, other.stageRank, other.start, other.end, other.night.ordinal)
        }
    }

    /// One layer: a sweep over the samples' boundaries; each stretch between two boundaries goes to the winning
    /// covering sample.
    private mutating func merge(_ pieces: [Piece]) {
        guard !pieces.isEmpty else { return }
        let byStart = pieces.sorted { $0.start < $1.start }
        let endOrder = byStart.indices.sorted { byStart[$0].end < byStart[$1].end }
        var active: [Int] = []
        var nextStart = 0
        var nextEnd = 0
        var time = Int64.min
        while nextEnd < endOrder.count {
            var next = byStart[endOrder[nextEnd]].end
            if nextStart < byStart.count { next = min(next, byStart[nextStart].start) }
            if let first = active.first, next > time {
                var winner = byStart[first]
                for index in active.dropFirst() where byStart[index].beats(winner) { winner = byStart[index] }
                nights[winner.night, default: HealthSleepNight()][winner.value, default: 0] += next - time
            }
            while nextEnd < endOrder.count && byStart[endOrder[nextEnd]].end == next {
                if let position = active.firstIndex(of: endOrder[nextEnd]) { active.remove(at: position) }
                nextEnd += 1
            }
            while nextStart < byStart.count && byStart[nextStart].start == next {
                active.append(nextStart)
                nextStart += 1
            }
            time = next
        }
    }
}

extension HealthSleepNight {
    fileprivate subscript(value: HealthSleepValue, default defaultValue: Int64) -> Int64 {
        get { self[value] ?? defaultValue }
        set { self[value] = newValue }
    }
}
