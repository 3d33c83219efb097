package import Foundation
import RegimenFoundation
package import ResearchTasks

/// A range-of-motion value typed from a manual goniometer instead of recorded (ResearchKit has no manual path).
///
/// The result keeps ResearchKit's meaning of every field, "inclination of the limb segment from hanging vertically"
/// (docs/range-of-motion.md, "What the numbers mean"), so manual and recorded results can be compared and charted
/// together:
/// - shoulder: `degrees` is the forward flexion at the highest point (0 = arm at the side, 180 = overhead), which
///   is exactly ResearchKit's shoulder value, so `maximum = degrees`;
/// - knee (seated, thigh horizontal): `degrees` is the knee flexion at best extension (0 = straight, negative =
///   hyperextended), so the shank's inclination is `maximum = 90 − degrees` (docs/range-of-motion.md, "What the numbers
///   mean": F ≈ 90 − value).
/// A single reading says nothing about the other moments, so the start pose (arm at the side, shank hanging)
/// is assumed for `start`, `minimum` and `finish`, i.e. 0, the value a well-done recorded task gives there;
/// `range = |maximum − minimum|` as in ResearchKit. See docs/range-of-motion.md, "Manual goniometer readings".
package struct GoniometerReading: Sendable, Hashable {
    /// The measured joint.
    package let joint: RangeOfMotionContent.Joint
    /// The reading as typed, in degrees (see the type's documentation for its meaning per joint).
    package let degrees: Double

    /// Readings accepted per joint: knee flexion −30…90 (beyond 90 the knee never left the start pose),
    /// shoulder flexion 0…180 (a goniometer's scale).
    package static func acceptedRange(for joint: RangeOfMotionContent.Joint) -> ClosedRange<Double> {
        switch joint {
        case .knee: -30...90
        case .shoulder: 0...180
        }
    }

    /// Validates a typed reading.
    package init(joint: RangeOfMotionContent.Joint, degrees: Double) throws(GoniometerReadingError) {
        guard degrees.isFinite else { throw .notANumber }
        let accepted = Self.acceptedRange(for: joint)
        guard accepted.contains(degrees) else { throw .outOfRange(joint: joint, accepted: accepted) }
        self.joint = joint
        self.degrees = degrees
    }

    /// ResearchKit's `maximum` for this reading (shoulder: the reading; knee: 90 − reading).
    package var maximum: Double {
        switch joint {
        case .shoulder: degrees
        case .knee: 90 - degrees
        }
    }

    /// The result: start = finish = minimum = 0, maximum as above, range = |maximum − 0|; userInfo marks it manual
    /// (`source: "goniometer"`, `joint`, `reading`).
    package func result(identifier: String, startDate: Date, endDate: Date) -> RangeOfMotionResult {
        let maximum = self.maximum
        return RangeOfMotionResult(
            identifier: identifier, startDate: startDate, endDate: endDate, start: 0, finish: 0, minimum: 0,
            maximum: maximum, range: abs(maximum - 0),
            userInfo: [
                RangeOfMotionUserInfoKey.source: .string(RangeOfMotionUserInfoKey.goniometerSource),
                RangeOfMotionUserInfoKey.joint: .string(joint.rawValue),
                RangeOfMotionUserInfoKey.reading: .double(degrees),
            ])
    }
}

/// Why a typed goniometer reading was refused (the reading itself is never repeated).
package enum GoniometerReadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a finite number.
    case notANumber
    /// Outside the accepted range for the joint.
    case outOfRange(joint: RangeOfMotionContent.Joint, accepted: ClosedRange<Double>)

    /// A one-line message.
    package var description: String {
        switch self {
        case .notANumber: "the reading must be a number of degrees"
        case .outOfRange(let joint, let accepted):
            "a \(joint.rawValue) reading must be between \(Self.format(accepted.lowerBound)) and \(Self.format(accepted.upperBound)) degrees"
        }
    }

    /// "−30" rather than "-30.0".
    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
