public import Foundation
package import RegimenFoundation
public import ResearchTasks

/// An `ORKRangeOfMotionResult` (angles in degrees; docs/range-of-motion.md, "The five values, and the older two");
/// `range` is |maximum − minimum|.
public struct MotionRange: ChildComponent, StepComponent {
    /// The result's (and, used as a step, the step's) identifier.
    public var identifier: String
    /// Angle at the start position (default: `minimum`).
    public var start: Double
    /// Angle when recording ended (default: `maximum`).
    public var finish: Double
    /// Smallest angle.
    public var minimum: Double
    /// Largest angle.
    public var maximum: Double
    /// Extra data stored with the result (Regimen's own tests only: JSON values are not public API).
    package var userInfo: JSONObject?

    /// Creates a measurement; `start` and `finish` default to `minimum` and `maximum`.
    public init(_ identifier: String, minimum: Double, maximum: Double, start: Double? = nil, finish: Double? = nil) {
        self.identifier = identifier
        self.minimum = minimum
        self.maximum = maximum
        self.start = start ?? minimum
        self.finish = finish ?? maximum
    }

    /// The range-of-motion result.
    public func childResult(start: Date, end: Date) -> ChildResult {
        .rangeOfMotion(
            RangeOfMotionResult(
                identifier: identifier, startDate: start, endDate: end, start: self.start, finish: finish,
                minimum: minimum, maximum: maximum, range: abs(maximum - minimum), userInfo: userInfo
            ))
    }

    /// Used as a step: ResearchKit's range-of-motion step, holding one result with the step's identifier.
    public func stepResult(start: Date, end: Date) -> StepResult {
        StepResult(
            identifier: identifier, startDate: start, endDate: end, results: [childResult(start: start, end: end)])
    }
}
