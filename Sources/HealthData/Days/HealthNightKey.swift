package import Foundation

/// The night a sleep sample belongs to: the date of the evening it began — the local date of its start minus 12 h
/// on the local clock, in its `HKTimeZone` (the home zone when it has none or names no known zone), so a sample
/// starting before local noon belongs to the previous date's night (docs/health-export.md, "Days and nights").
package struct HealthNightKey: Sendable {
    private let home: TimeZone
    private var zones: [String: TimeZone?] = [:]

    /// Creates the keyer with the home zone used for samples without a usable `HKTimeZone`.
    package init(home: TimeZone) { self.home = home }

    /// The night of a sample that starts at `start` (UTC seconds) with the given `HKTimeZone` name.
    package mutating func night(start: Int64, timeZoneName: String?) -> HealthCalendarDay {
        var zone = home
        if let name = timeZoneName, let named = self.zone(named: name) { zone = named }
        let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(start))))
        return HealthCalendarDay(localSeconds: start + offset - 43_200)
    }

    private mutating func zone(named name: String) -> TimeZone? {
        if let known = zones[name] { return known }
        let zone = TimeZone(identifier: name)
        zones[name] = zone
        return zone
    }
}
