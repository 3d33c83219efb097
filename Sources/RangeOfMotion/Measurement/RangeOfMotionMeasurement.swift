package import Foundation
import RegimenFoundation
package import ResearchTasks

/// The five ResearchKit range-of-motion values (degrees) and how they were obtained (docs/range-of-motion.md, "The
/// per-sample procedure").
public struct RangeOfMotionMeasurement: Sendable, Hashable {
    /// `90 − startAngle`: the limb's inclination at the start position.
    public var start: Double
    /// `start − newAngle` of the last sample.
    public var finish: Double
    /// `start − maxAngle`.
    public var minimum: Double
    /// `start − minAngle`.
    public var maximum: Double
    /// `|maximum − minimum|`.
    public var range: Double
    /// The formula used.
    package var orientation: Orientation
    /// Whether `orientation` was guessed from the first sample's gravity instead of given.
    package var orientationWasGuessed: Bool
    /// How many samples were replayed.
    package var sampleCount: Int

    /// Creates a measurement.
    package init(
        start: Double, finish: Double, minimum: Double, maximum: Double, range: Double, orientation: Orientation,
        orientationWasGuessed: Bool, sampleCount: Int
    ) {
        self.start = start
        self.finish = finish
        self.minimum = minimum
        self.maximum = maximum
        self.range = range
        self.orientation = orientation
        self.orientationWasGuessed = orientationWasGuessed
        self.sampleCount = sampleCount
    }

    /// The `ORKRangeOfMotionResult`, with userInfo `source: "deviceMotion"`, `orientation`, `orientationGuessed`
    /// and `sampleCount`.
    package func result(identifier: String, startDate: Date, endDate: Date) -> RangeOfMotionResult {
        RangeOfMotionResult(
            identifier: identifier, startDate: startDate, endDate: endDate, start: start, finish: finish,
            minimum: minimum, maximum: maximum, range: range,
            userInfo: [
                RangeOfMotionUserInfoKey.source: .string(RangeOfMotionUserInfoKey.deviceMotionSource),
                RangeOfMotionUserInfoKey.orientation: .string(orientation.rawValue),
                RangeOfMotionUserInfoKey.orientationGuessed: .bool(orientationWasGuessed),
                RangeOfMotionUserInfoKey.sampleCount: .integer(sampleCount),
            ])
    }
}
