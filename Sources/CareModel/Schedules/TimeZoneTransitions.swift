import Foundation
import Synchronization

/// The UTC-offset changes of one time zone between 1900 and 2200, cached per zone identifier.
///
/// Each change gives the wall-clock window it disturbs: `[instant + min(before, after), instant + max(before, after))`
/// in local wall seconds since 1970, i.e. the local times that are skipped (gap) or occur twice (overlap).
struct TimeZoneTransitions: Sendable {
    /// One offset change.
    struct Change: Sendable {
        /// Absolute seconds since 1970 of the change.
        var instant: Double
        /// First disturbed local wall second since 1970.
        var wallLow: Double
        /// End (exclusive) of the disturbed local wall seconds.
        var wallHigh: Double
    }

    /// The changes in time order.
    let changes: [Change]
    /// First absolute second covered (earlier dates are unknown).
    let coverageStart: Double
    /// Last absolute second covered (later dates are unknown).
    let coverageEnd: Double

    private static let cache = Mutex<[String: TimeZoneTransitions]>([:])

    /// The cached transitions of `zone` (computed once per identifier).
    static func of(_ zone: TimeZone) -> TimeZoneTransitions {
        let key = zone.identifier
        if let found = cache.withLock({ $0[key] }) { return found }
        let computed = compute(zone)
        cache.withLock { $0[key] = computed }
        return computed
    }

    /// Index of the first change whose instant is ≥ `seconds`.
    func firstIndex(atOrAfter seconds: Double) -> Int {
        var low = 0
        var high = changes.count
        while low < high {
            let mid = (low + high) / 2
            if changes[mid].instant < seconds { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private static func compute(_ zone: TimeZone) -> TimeZoneTransitions {
        let start = -2_208_988_800.0  // 1900-01-01T00:00:00Z
        let end = 7_258_118_400.0  // 2200-01-01T00:00:00Z
        var changes: [Change] = []
        var cursor = Date(timeIntervalSince1970: start)
        var previousOffset = zone.secondsFromGMT(for: cursor)
        var reliable = true
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < end {
            guard next > cursor else { break }
            // Check that no change was missed between the previous change and this one.
            let middle = Date(timeIntervalSince1970: (cursor.timeIntervalSince1970 + next.timeIntervalSince1970) / 2)
            let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
            if zone.secondsFromGMT(for: middle) != previousOffset || before != previousOffset {
                reliable = false
                break
            }
            let after = zone.secondsFromGMT(for: next)
            let instant = next.timeIntervalSince1970
            if after != before {
                changes.append(
                    Change(
                        instant: instant,
                        wallLow: instant + Double(min(before, after)),
                        wallHigh: instant + Double(max(before, after))))
            }
            previousOffset = after
            cursor = next
        }
        if reliable, zone.secondsFromGMT(for: Date(timeIntervalSince1970: end)) != previousOffset { reliable = false }
        if !reliable { return TimeZoneTransitions(changes: [], coverageStart: 0, coverageEnd: -1) }
        return TimeZoneTransitions(changes: changes, coverageStart: start, coverageEnd: end)
    }
}
