/// A sleep-analysis category value (docs/health-export.md, "Sleep"); the pre-iOS 16 `…Asleep` reads as
/// `asleepUnspecified`.
package enum HealthSleepValue: String, Sendable, Hashable, CaseIterable {
    /// `HKCategoryValueSleepAnalysisInBed`.
    case inBed
    /// `HKCategoryValueSleepAnalysisAsleepUnspecified` (and the old `HKCategoryValueSleepAnalysisAsleep`).
    case asleepUnspecified
    /// `HKCategoryValueSleepAnalysisAwake`.
    case awake
    /// `HKCategoryValueSleepAnalysisAsleepCore`.
    case asleepCore
    /// `HKCategoryValueSleepAnalysisAsleepDeep`.
    case asleepDeep
    /// `HKCategoryValueSleepAnalysisAsleepREM`.
    case asleepREM

    /// Reads the `value` text of a sleep sample; nil for any other text.
    package init?(text: String) {
        switch text {
        case "HKCategoryValueSleepAnalysisInBed": self = .inBed
        case "HKCategoryValueSleepAnalysisAsleepUnspecified", "HKCategoryValueSleepAnalysisAsleep":
            self = .asleepUnspecified
        case "HKCategoryValueSleepAnalysisAwake": self = .awake
        case "HKCategoryValueSleepAnalysisAsleepCore": self = .asleepCore
        case "HKCategoryValueSleepAnalysisAsleepDeep": self = .asleepDeep
        case "HKCategoryValueSleepAnalysisAsleepREM": self = .asleepREM
        default: return nil
        }
    }

    /// True for the asleep kinds (core, deep, REM, unspecified).
    package var isAsleep: Bool {
        switch self {
        case .asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM: true
        case .inBed, .awake: false
        }
    }

    /// Which stage wins where one source's stage samples overlap, lower first: deep > REM > core > unspecified >
    /// awake (docs/health-export.md, "Days and nights"); nil for `inBed`, which is a layer of its own.
    var stageRank: Int? {
        switch self {
        case .asleepDeep: 0
        case .asleepREM: 1
        case .asleepCore: 2
        case .asleepUnspecified: 3
        case .awake: 4
        case .inBed: nil
        }
    }
}
