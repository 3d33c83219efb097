package import Foundation

extension HealthSleepNights {
    /// A sleep measure over a window: the nights whose following morning's date lies in [start, end) (night N counts
    /// for the window holding date N + 1 — "last night" for a daily morning window), summed in hours, with the
    /// number of those nights that had it; nil when none had it (docs/health-export.md, "Windows").
    package func hours(
        _ measure: HealthSleepMeasure, from start: Int64, to end: Int64, calendar: Calendar
    ) -> (hours: Double, nights: Int)? {
        var seconds: Int64 = 0
        var count = 0
        for morning in HealthWindowDates.dates(from: start, to: end, calendar: calendar) {
            guard let night = nights[morning.adding(days: -1)], let value = measure.seconds(in: night) else { continue }
            seconds += value
            count += 1
        }
        return count == 0 ? nil : (Double(seconds) / 3_600, count)
    }
}
