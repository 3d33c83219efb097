/// One top-level element of an export, in document order, as the reader streams it.
package enum HealthExportItem: Sendable, Hashable {
    /// The header: `HealthData locale`, `ExportDate value`, and the export version from the DTD comment.
    case header(HealthExportHeader)
    /// `Me`: the characteristics (date of birth, biological sex, …) as written.
    case me([HealthAttribute])
    /// A top-level `Record`.
    case sample(HealthSample)
    /// A `Correlation` with its members.
    case correlation(HealthCorrelation)
    /// A `Workout` with everything nested in it.
    case workout(HealthWorkout)
    /// An `ActivitySummary` (one per day): `dateComponents` and the ring values as written.
    case activitySummary(HealthActivitySummary)
    /// Any other top-level element (`ClinicalRecord`, `Audiogram`, `VisionPrescription`, …): its name and attributes.
    case other(name: String, attributes: [HealthAttribute])
}

/// What an export says about itself.
package struct HealthExportHeader: Sendable, Hashable {
    /// `HealthData locale`, e.g. "en_US".
    package var locale: String?
    /// `ExportDate value`, if present.
    package var exportDate: HealthDate?
    /// The number in `<!-- HealthKit Export Version: 14 -->`, if present.
    package var exportVersion: Int?

    /// Creates a header.
    package init(locale: String?, exportDate: HealthDate?, exportVersion: Int?) {
        self.locale = locale
        self.exportDate = exportDate
        self.exportVersion = exportVersion
    }
}

/// An `ActivitySummary`: the day it summarizes (`dateComponents`, `YYYY-MM-DD`) and every other attribute as written.
package struct HealthActivitySummary: Sendable, Hashable {
    /// `dateComponents`.
    package var day: String
    /// `activeEnergyBurned`, `appleExerciseTime`, … as written.
    package var attributes: [HealthAttribute]

    /// Creates a summary.
    package init(day: String, attributes: [HealthAttribute]) {
        self.day = day
        self.attributes = attributes
    }
}
