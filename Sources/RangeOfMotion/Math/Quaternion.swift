import Foundation

/// A CoreMotion attitude quaternion (`CMQuaternion`): Hamilton convention, rotating device-frame vectors into the
/// reference frame (docs/range-of-motion.md, "Quaternions and attitude").
package struct Quaternion: Sendable, Hashable {
    /// The x component.
    package var x: Double
    /// The y component.
    package var y: Double
    /// The z component.
    package var z: Double
    /// The scalar component.
    package var w: Double

    /// Creates a quaternion from its components (no normalization, as in CoreMotion).
    package init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The quaternion of all zeros, which ResearchKit reads when no reference attitude exists (docs/range-of-motion.md,
    /// "The per-sample procedure").
    static let zero = Quaternion(x: 0, y: 0, z: 0, w: 0)

    /// The conjugate (the inverse of a unit quaternion); negation is exact.
    var conjugate: Quaternion { Quaternion(x: -x, y: -y, z: -z, w: w) }

    /// The Hamilton product `a ⊗ b`, evaluated term by term in the order docs/range-of-motion.md, "Quaternions and
    /// attitude" lists, with no renormalization.
    static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        let w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z
        let x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y
        let y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x
        let z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w
        return Quaternion(x: x, y: y, z: z, w: w)
    }

    /// ResearchKit's `pitchAll`: rotation about device x, radians in (−π, π] (docs/range-of-motion.md, "Angle
    /// formulas").
    var pitchAll: Double { atan2(2 * (x * w + y * z), 1 - 2 * (x * x + z * z)) }

    /// ResearchKit's `rollAll`: rotation about device y, radians in (−π, π] (docs/range-of-motion.md, "Angle
    /// formulas").
    var rollAll: Double { atan2(2 * (y * w - x * z), 1 - 2 * (y * y + z * z)) }
}
