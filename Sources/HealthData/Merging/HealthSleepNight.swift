/// The merged sleep of one night, in elapsed seconds; nil where no merged piece of that kind fell in the night
/// (docs/health-export.md, "Days and nights").
package struct HealthSleepNight: Sendable, Hashable {
    /// In bed (`InBed`, its own layer).
    package var inBed: Int64?
    /// Awake within the stages layer.
    package var awake: Int64?
    /// Core.
    package var core: Int64?
    /// Deep.
    package var deep: Int64?
    /// REM.
    package var rem: Int64?
    /// Asleep with no stage (`AsleepUnspecified`, the old `Asleep`).
    package var unspecified: Int64?

    /// Creates a night.
    package init(
        inBed: Int64? = nil, awake: Int64? = nil, core: Int64? = nil, deep: Int64? = nil, rem: Int64? = nil,
        unspecified: Int64? = nil
    ) {
        self.inBed = inBed
        self.awake = awake
        self.core = core
        self.deep = deep
        self.rem = rem
        self.unspecified = unspecified
    }

    /// Asleep: core + deep + REM + unspecified; nil when none of them is present.
    package var asleep: Int64? {
        let kinds = [core, deep, rem, unspecified].compactMap { $0 }
        return kinds.isEmpty ? nil : kinds.reduce(0, +)
    }

    /// The seconds of one sleep value.
    package subscript(value: HealthSleepValue) -> Int64? {
        get {
            switch value {
            case .inBed: inBed
            case .awake: awake
            case .asleepCore: core
            case .asleepDeep: deep
            case .asleepREM: rem
            case .asleepUnspecified: unspecified
            }
        }
        set {
            switch value {
            case .inBed: inBed = newValue
            case .awake: awake = newValue
            case .asleepCore: core = newValue
            case .asleepDeep: deep = newValue
            case .asleepREM: rem = newValue
            case .asleepUnspecified: unspecified = newValue
            }
        }
    }
}
