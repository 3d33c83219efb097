package import Foundation

/// A task whose outcomes come from Apple Health data instead of questions (CareKit's `OCKHealthKitLinkage`;
/// docs/health-export.md, "Linked tasks"): what is aggregated per event, the outcome value it gives, and the goal.
package struct HealthLink: Sendable, Hashable {
    /// The HealthKit type aggregated, e.g. `HKQuantityTypeIdentifierStepCount`; nil for `workouts`, which count
    /// workouts rather than samples.
    package var type: String?
    /// How the samples of an event's window become one number.
    package var aggregate: HealthAggregate
    /// The sleep stages `asleep` adds up (all four unless the file names some); empty for other aggregates.
    package var stages: [SleepStage]
    /// The workout activity `workouts` counts (`HKWorkoutActivityTypeRunning`); nil counts every activity.
    package var activity: String?
    /// The outcome value's kind, e.g. "steps" or "sleep.measured".
    package var kind: String
    /// The outcome value's units, e.g. "count" or "h" (docs/health-export.md, "Linked tasks").
    package var units: String?
    /// The target value: an event is completed when its value reaches it (`Event.isCompleted`).
    package var goal: Double
    /// A self-reported outcome kind of another task this one is shown beside (the wide CSV, docs/health-export.md,
    /// "Linked tasks"), e.g. "checkin.form.sleep".
    package var beside: String?

    /// Creates a link.
    package init(
        type: String?, aggregate: HealthAggregate, stages: [SleepStage] = [], activity: String? = nil, kind: String,
        units: String? = nil, goal: Double, beside: String? = nil
    ) {
        self.type = type
        self.aggregate = aggregate
        self.stages = stages
        self.activity = activity
        self.kind = kind
        self.units = units
        self.goal = goal
        self.beside = beside
    }

    /// The goal as CareKit's target value (a double of the link's kind and units), stamped `createdDate`.
    package func targetValue(createdDate: Date) -> OutcomeValue {
        OutcomeValue(.double(goal), kind: kind, units: units, createdDate: createdDate)
    }
}

/// How an event's samples become one number (docs/health-export.md, "Linked tasks").
package enum HealthAggregate: String, Sendable, Hashable, CaseIterable {
    /// The merged total of a cumulative quantity (steps, distance, energy).
    case sum
    /// The mean of a quantity's samples.
    case average
    /// The smallest sample value.
    case minimum
    /// The largest sample value.
    case maximum
    /// The value of the sample that ends last.
    case latest
    /// Hours asleep in the chosen stages over the window's nights.
    case asleep
    /// Hours in bed over the window's nights.
    case inBed
    /// Hours awake within sleep over the window's nights.
    case awake
    /// The number of workouts (of one activity, or any).
    case workouts

    /// Whether it aggregates a quantity type's samples.
    package var isQuantity: Bool {
        switch self {
        case .sum, .average, .minimum, .maximum, .latest: true
        case .asleep, .inBed, .awake, .workouts: false
        }
    }

    /// Whether it aggregates sleep analysis over nights.
    package var isSleep: Bool {
        switch self {
        case .asleep, .inBed, .awake: true
        case .sum, .average, .minimum, .maximum, .latest, .workouts: false
        }
    }
}

/// An asleep stage of `HKCategoryTypeIdentifierSleepAnalysis` (docs/health-export.md, "Sleep"); the pre-iOS 16
/// `Asleep` value counts as `unspecified`.
package enum SleepStage: String, Sendable, Hashable, CaseIterable {
    /// `HKCategoryValueSleepAnalysisAsleepCore`.
    case core
    /// `HKCategoryValueSleepAnalysisAsleepDeep`.
    case deep
    /// `HKCategoryValueSleepAnalysisAsleepREM`.
    case rem
    /// `HKCategoryValueSleepAnalysisAsleepUnspecified` (and `…Asleep`).
    case unspecified
}

extension HealthLink {
    /// The sleep analysis type, the only one the sleep aggregates read.
    package static let sleepAnalysisType = "HKCategoryTypeIdentifierSleepAnalysis"
    /// The workout type, which `workouts` may name (or leave out).
    package static let workoutType = "HKWorkoutTypeIdentifier"
    /// The prefix of every quantity type, which the quantity aggregates need.
    package static let quantityTypePrefix = "HKQuantityTypeIdentifier"
}
