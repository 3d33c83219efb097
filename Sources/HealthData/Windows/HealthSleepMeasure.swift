/// What a sleep outcome measures over a window's nights (docs/health-export.md, "Windows").
package enum HealthSleepMeasure: Sendable, Hashable {
    /// Asleep: core + deep + REM + unspecified.
    case asleep
    /// In bed.
    case inBed
    /// Awake (stages layer).
    case awake
    /// The sum of the chosen stages (e.g. deep and REM).
    case stages(Set<HealthSleepValue>)

    /// The measure's seconds in one night; nil when the night has none of it.
    package func seconds(in night: HealthSleepNight) -> Int64? {
        switch self {
        case .asleep: return night.asleep
        case .inBed: return night.inBed
        case .awake: return night.awake
        case .stages(let values):
            let present = values.compactMap { night[$0] }
            return present.isEmpty ? nil : present.reduce(0, +)
        }
    }
}
