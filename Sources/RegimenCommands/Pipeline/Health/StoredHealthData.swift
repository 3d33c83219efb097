import CareModel
import CareStore
import Foundation
import HealthData
import RegimenFoundation

/// The imported Health data the linked tasks read, for a span of time, merged once per type (docs/health-export.md,
/// "Linked tasks" and "Windows"): `HealthOutcomeDerivation` asks it for each event's number. `LinkedTaskDerivation`
/// loads it a few months at a time, so memory does not grow with the years an export holds.
struct StoredHealthData: HealthAggregating {
    private let calendar: Calendar
    /// Spans per quantity type, by start.
    private var spans: [String: [HealthSpan]] = [:]
    /// The merged timeline per cumulative quantity type.
    private var timelines: [String: HealthQuantityTimeline] = [:]
    private var sleep: HealthSleepNights?
    private var workouts: [HealthWorkoutSpan] = []

    /// Loads what `links` read from `store` starting in [from, to) (UTC seconds; nil: unbounded); days and nights in
    /// `calendar`'s zone (the home zone).
    init(links: [HealthLink], store: CareStore, calendar: Calendar, from: Int64? = nil, to: Int64? = nil)
        throws(RegimenError)
    {
        self.calendar = calendar
        for link in links {
            switch link.aggregate {
            case .sum, .average, .minimum, .maximum, .latest:
                guard let type = link.type, spans[type] == nil else { continue }
                let read = try storeCall { () throws(CareStoreError) in
                    try store.healthSpans(types: [type], from: from, to: to)
                }
                spans[type] = read
                if link.aggregate == .sum { timelines[type] = HealthQuantityTimeline(spans: read) }
            case .asleep, .inBed, .awake:
                guard sleep == nil else { continue }
                let read = try storeCall { () throws(CareStoreError) in
                    try store.healthSpans(types: [HealthSpan.sleepType], from: from, to: to)
                }
                sleep = HealthSleepNights(spans: read, home: calendar.timeZone)
            case .workouts:
                guard workouts.isEmpty else { continue }
                workouts = try storeCall { () throws(CareStoreError) in try store.healthWorkoutSpans(from: from, to: to)
                }
            }
        }
        // A sum needs its timeline even when another link of the same type came first.
        for link in links where link.aggregate == .sum {
            if let type = link.type, timelines[type] == nil, let read = spans[type] {
                timelines[type] = HealthQuantityTimeline(spans: read)
            }
        }
    }

    /// The earliest instant of the data the links read (a sample's or workout's start, a night's first day), if any.
    var earliestInstant: Int64? {
        var starts = spans.values.compactMap { $0.first?.start }
        if let workout = workouts.first { starts.append(workout.start) }
        if let night = sleep?.nights.keys.min() {
            starts.append(HealthDayBoundaries.firstInstant(of: night, calendar: calendar))
        }
        return starts.min()
    }

    func value(for link: HealthLink, window: HealthWindow) -> Double? {
        let start = Int64(window.interval.start.timeIntervalSince1970.rounded(.down))
        let end = Int64(window.interval.end.timeIntervalSince1970.rounded(.up))
        switch link.aggregate {
        case .sum:
            return link.type.flatMap { timelines[$0] }?.total(from: start, to: end)
        case .average, .minimum, .maximum, .latest:
            guard let type = link.type, let all = spans[type] else { return nil }
            let inWindow = Self.slice(all, from: start, to: end)
            guard let statistics = HealthDiscreteStatistics(spans: inWindow, type: type, from: start, to: end) else {
                return nil
            }
            switch link.aggregate {
            case .average: return statistics.average
            case .minimum: return statistics.minimum
            case .maximum: return statistics.maximum
            default: return statistics.latest
            }
        case .asleep, .inBed, .awake:
            guard let sleep else { return nil }
            let measure: HealthSleepMeasure
            switch link.aggregate {
            case .inBed: measure = .inBed
            case .awake: measure = .awake
            default:
                let all = Set(SleepStage.allCases)
                measure =
                    link.stages.isEmpty || Set(link.stages) == all
                    ? .asleep : .stages(Set(link.stages.map(Self.sleepValue)))
            }
            let seconds = window.nights.compactMap { evening in
                sleep.nights[HealthCalendarDay(ordinal: evening.dayNumber)]
                    .flatMap(measure.seconds(in:))
            }
            return seconds.isEmpty ? nil : Double(seconds.reduce(0, +)) / 3600
        case .workouts:
            let inWindow = workouts.filter { $0.start >= start && $0.start < end }
            guard !inWindow.isEmpty else { return nil }
            return Double(inWindow.filter { link.activity == nil || $0.activityType == link.activity }.count)
        }
    }

    /// The spans of `sorted` (by start) starting in [start, end), found by binary search.
    private static func slice(_ sorted: [HealthSpan], from start: Int64, to end: Int64) -> ArraySlice<HealthSpan> {
        func firstIndex(atLeast value: Int64) -> Int {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].start < value { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return sorted[firstIndex(atLeast: start)..<firstIndex(atLeast: end)]
    }

    private static func sleepValue(_ stage: SleepStage) -> HealthSleepValue {
        switch stage {
        case .core: .asleepCore
        case .deep: .asleepDeep
        case .rem: .asleepREM
        case .unspecified: .asleepUnspecified
        }
    }
}
