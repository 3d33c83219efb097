import CareModel
import Foundation

/// Outcome values shaped like those the shipped surveys' extractors store (kinds, units and value types of
/// surveys/*.yaml), varying deterministically with the occurrence so the store holds realistic, distinct rows.
enum SampleValues {
    /// The values an outcome of `taskID`'s event `occurrence` holds when recorded at `createdDate`.
    static func values(taskID: String, occurrence: Int, createdDate: Date) -> [OutcomeValue] {
        switch taskID {
        case "checkin":
            // checkin.yaml: pain (scale 1…10) and sleep (hours), both doubles.
            [
                OutcomeValue(.double(Double(1 + occurrence % 10)), kind: "checkin.form.pain", createdDate: createdDate),
                OutcomeValue(
                    .double(Double(5 + occurrence % 5)), kind: "checkin.form.sleep", units: "h",
                    createdDate: createdDate),
            ]
        case "shoulderRangeOfMotion":
            // shoulder-range-of-motion.yaml: range and maximum angle in degrees (ResearchKit's range of motion result).
            [
                OutcomeValue(
                    .double(120 + Double(occurrence % 40)), kind: "shoulder.range", units: "degrees",
                    createdDate: createdDate),
                OutcomeValue(
                    .double(150 + Double(occurrence % 25)), kind: "shoulder.maximum", units: "degrees",
                    createdDate: createdDate),
            ]
        case "rangeOfMotionCheck":
            // range-of-motion.yaml: the knee's range in degrees.
            [
                OutcomeValue(
                    .double(90 + Double(occurrence % 30)), kind: "range", units: "degrees", createdDate: createdDate)
            ]
        default:
            // A task without outcome extractors (onboarding) still marks its event done with an empty outcome.
            []
        }
    }
}
